import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One anvil node started by the devnet; `stop` ends exactly this process (other agents may run anvil too). */
export type AnvilNode = {
  chainId: number;
  port: number;
  rpcUrl: string;
  pid: number;
  /** Whether anvil loaded a previous state file (the chain survived a restart and needs no setup). */
  loadedState: boolean;
  stop(): Promise<void>;
};

export type AnvilOptions = {
  chainId: number;
  port?: number;
  /** anvil `--state`: loaded on start when present and dumped on exit, so the chain survives a restart. */
  stateFile?: string;
  log?: (msg: string) => void;
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The binary shipped by @foundry-rs/anvil's platform package (no download at run time). */
export function anvilBinary(): string {
  const fromEnv = process.env.ANVIL_BIN;
  if (fromEnv) return fromEnv;
  const candidate = join(
    root,
    'node_modules',
    '@foundry-rs',
    `anvil-${process.platform}-${archName()}`,
    'bin',
    'anvil',
  );
  if (!existsSync(candidate)) throw new Error(`anvil binary not found at ${candidate} (set ANVIL_BIN)`);
  return candidate;
}

function archName(): string {
  return process.arch === 'x64' ? 'amd64' : process.arch;
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Children still running, killed if this process exits without stopping them (a crashed test run). */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const orphan of running) orphan.kill('SIGKILL');
  });
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const port = options.port ?? (await freePort());
  const loadedState = options.stateFile !== undefined && existsSync(options.stateFile);
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId), '--silent'];
  if (options.stateFile) args.push('--state', options.stateFile);
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  track(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, rpcUrl, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  options.log?.(`anvil chain ${options.chainId} on ${rpcUrl} (pid ${child.pid})${loadedState ? ', state loaded' : ''}`);
  return {
    chainId: options.chainId,
    port,
    rpcUrl,
    pid: child.pid ?? -1,
    loadedState,
    stop: () => stopChild(child),
  };
}

async function waitUntilReady(child: ChildProcess, rpcUrl: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`anvil at ${rpcUrl} did not start within 15 s: ${stderr()}`);
}

/** SIGINT lets anvil dump its state file before exiting; SIGKILL after a grace period. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}
