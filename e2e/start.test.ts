import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { which } from '../scripts/start/display';
import { portFree } from '../scripts/start/stack';
import { nonBlankShare } from './harness/png';

const ROOT = resolve(import.meta.dirname, '..');

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function runStart(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DISPLAY: '' },
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('npm start', () => {
  it('--headless drives a demo transfer to completion and writes a screenshot of each step', async () => {
    const run = runStart(['--headless']);
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    const dir = run.output().match(/screenshots in (\S+)/)?.[1];
    expect(dir, run.output()).toBeDefined();
    const files = readdirSync(dir!).filter((f) => f.endsWith('.png'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) expect(nonBlankShare(readFileSync(join(dir!, file))), file).toBeGreaterThan(0.05);
    expect(run.output()).toMatch(/received [\d.]+ USDC on Arbitrum; notifications: transfer:0x/);
  }, 300_000);

  it.runIf(which('Xvfb'))(
    'runs for a person under Xvfb, stops everything on Ctrl-C, and starts again',
    async () => {
      for (let round = 0; round < 2; round++) {
        const run = runStart([]);
        await waitFor(run, /Press Ctrl-C to stop everything/, 180_000);
        const service = run.output().match(/Routing service:\s+(http:\/\/127\.0\.0\.1:(\d+))/)!;
        const rpcPorts = [...run.output().matchAll(/chain \d+: http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
        expect(rpcPorts).toHaveLength(4);
        const chains = (await (await fetch(`${service[1]}/v1/chains`)).json()) as { chains: unknown[] };
        expect(chains.chains.length).toBeGreaterThan(0);
        run.child.kill('SIGINT');
        expect(await run.exited).toBe(130);
        // Nothing it started is left: the service and every anvil chain released their ports.
        for (const port of [Number(service[2]), ...rpcPorts]) expect(await portFree(port), `port ${port}`).toBe(true);
      }
    },
    420_000,
  );
});
