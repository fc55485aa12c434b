import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Children started by `npm start`, each in its own process group, so that Ctrl-C (or any exit) takes down every
 * process they started too (anvil chains under the service, Chromium's helpers) and leaves no orphans.
 */
export class ProcessGroup {
  private readonly children = new Set<ChildProcess>();
  private stopping = false;
  private beforeStop: (() => Promise<void>) | undefined;
  private exiting: Promise<never> | undefined;

  spawn(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
    const child = spawn(command, args, { ...options, detached: true });
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  /** Resolves with the first capture of `pattern` on the child's stdout; rejects if it exits first. */
  waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number, what: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = pattern.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] ?? match[0]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${what} exited (code ${code}) before it was ready`));
      });
    });
  }

  /** SIGTERM to every group, SIGKILL to what is left after `graceMs`. */
  async stopAll(graceMs = 8_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const alive = [...this.children].filter((c) => c.exitCode === null && c.pid !== undefined);
    await Promise.all(
      alive.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            signalGroup(child, 'SIGTERM');
            setTimeout(() => {
              signalGroup(child, 'SIGKILL');
              resolve();
            }, graceMs).unref();
          }),
      ),
    );
  }

  /**
   * Runs `onStop` (set by stopOnSignals), stops every child, then exits with `code`. Only the first call does this and
   * decides the code: Ctrl-C closes the browser, and the browser's own close handler must not turn 130 into 0.
   */
  exit(code: number): Promise<never> {
    this.exiting ??= (async () => {
      await this.beforeStop?.().catch(() => {});
      await this.stopAll();
      return process.exit(code);
    })();
    return this.exiting;
  }

  /** Stops everything on Ctrl-C, SIGTERM or a crash, running `onStop` first, then exits. */
  stopOnSignals(onStop?: () => Promise<void>): void {
    this.beforeStop = onStop;
    process.once('SIGINT', () => void this.exit(130));
    process.once('SIGTERM', () => void this.exit(143));
    process.once('uncaughtException', (err) => {
      console.error(err);
      void this.exit(1);
    });
    // Last resort if the script exits without going through exit(): no orphans either way.
    process.once('exit', () => {
      for (const child of this.children) signalGroup(child, 'SIGKILL');
    });
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
