import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

function run(args: string[]): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(tsx, [join(root, 'server', 'main.ts'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => reject(new Error(`exited before printing: ${out}`)));
  });
  firstLine.catch(() => {});
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, firstLine, exit };
}

describe('npm run service (server/main.ts)', () => {
  it('prints exactly "listening on http://127.0.0.1:PORT", serves, and exits cleanly on SIGTERM', async () => {
    const { child, firstLine, exit } = run(['--port', '0', '--log-level', 'silent']);
    try {
      const line = await firstLine;
      expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.slice('listening on '.length);
      expect((await fetch(`${url}/v1/tools`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      // SIGTERM, not SIGKILL: tsx relays it to the node process it runs, which a killed wrapper would orphan.
      if (child.exitCode === null) child.kill('SIGTERM');
    }
  });

  it('refuses an unknown catalog with usage', async () => {
    const { exit } = run(['--catalog', 'huge']);
    expect(await exit).toBe(2);
  });
});
