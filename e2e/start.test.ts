import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { which } from '../scripts/start/display';
import { portFree } from '../scripts/start/stack';

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

/** Decoded RGB(A) rows of an 8-bit PNG (PNG filters undone), enough to tell a blank screenshot from a page. */
function pngRows(png: Buffer): Buffer[] {
  const width = png.readUInt32BE(16);
  const bpp = png[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    if (png.toString('ascii', o + 4, o + 8) === 'IDAT') chunks.push(png.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * bpp;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let o = 0; o < raw.length; o += stride + 1) {
    const filter = raw[o]!;
    const row = Buffer.from(raw.subarray(o + 1, o + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter] ?? 0;
      row[i] = (row[i]! + predictor) & 0xff;
    }
    rows.push(row);
    prev = row;
  }
  return rows;
}

/** Share of rows holding more than one colour: a blank screenshot is all one colour. */
function nonBlankShare(png: Buffer): number {
  const rows = pngRows(png);
  const bpp = png[25] === 6 ? 4 : 3;
  const varied = rows.filter((row) => row.some((v, i) => v !== row[i % bpp]!)).length;
  return varied / rows.length;
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
