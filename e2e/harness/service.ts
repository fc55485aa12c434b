import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '../..');

export type RunningService = {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

/**
 * Starts the reference routing service (`server/main.ts`) as a child process on a free port and resolves once it
 * prints `listening on http://…`. Extra CLI arguments (e.g. `--devnet`, `--time-factor 0.05`) pass through.
 */
export async function startService(args: string[] = [], timeoutMs = 120_000): Promise<RunningService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BRIDGE_LOG_LEVEL: process.env.BRIDGE_LOG_LEVEL ?? 'warn' },
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 200) stderr.shift();
  });
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`service did not start in ${timeoutMs} ms\n${stderr.join('')}`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}\n${stderr.join('')}`));
    });
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
