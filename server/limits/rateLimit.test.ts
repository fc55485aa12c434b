import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/schemas/error';
import { startServer } from '../app';
import { useServer } from '../testing/serviceClient';

const STANDARD = 'standard-key-0001';
const ENTERPRISE = 'enterprise-key-0001';
const UNLIMITED = 'unlimited-key-0001';

let clock = Date.UTC(2026, 0, 1, 12, 0, 10);

const keys = {
  keys: [
    { key: STANDARD, tier: 'standard' as const, name: 'wallet team' },
    { key: ENTERPRISE, tier: 'enterprise' as const, perMinute: 5, perHour: 7 },
    { key: UNLIMITED, tier: 'unlimited' as const },
  ],
};

describe('rate limits and API keys', () => {
  const service = useServer({
    keys,
    rateLimit: { tiers: { free: { perMinute: 3, perHour: 100 } }, now: () => clock },
  });
  const hit = (key?: string) => fetch(`${service.url}/v1/tools`, { headers: key ? { 'x-api-key': key } : {} });

  it('counts keyless traffic on the Free tier per client and answers 429 with Retry-After beyond it', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await hit());
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(answers[0]?.headers.get('x-ratelimit-limit')).toBe('3');
    // Seconds until the minute window resets (clock is 10 s into the minute).
    expect(answers[0]?.headers.get('x-ratelimit-reset')).toBe('50');
    const limited = answers[3]!;
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(v.parse(ErrorBodySchema, await limited.json()).code).toBe(1005);
    // A new minute opens the window again.
    clock += 60_000;
    expect((await hit()).status).toBe(200);
  });

  it('counts a key separately, with its tier', async () => {
    const res = await hit(STANDARD);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('299');
  });

  it('reports the hour window once it binds (enterprise custom limits)', async () => {
    clock += 60_000;
    const statuses = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await hit(ENTERPRISE);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    clock += 60_000;
    const first = await hit(ENTERPRISE);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('7');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await hit(ENTERPRISE);
    const over = await hit(ENTERPRISE);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('never limits the unlimited (bench) tier', async () => {
    for (let i = 0; i < 20; i++) expect((await hit(UNLIMITED)).status).toBe(200);
  });

  it('answers an unknown key with 401 (code 1010)', async () => {
    const res = await hit('not-a-known-key');
    expect(res.status).toBe(401);
    expect(v.parse(ErrorBodySchema, await res.json()).code).toBe(1010);
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
  });

  it('counts failed key guesses against the address: once spent, guesses and keyless calls get 429', async () => {
    clock += 60_000;
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push(await hit(`guess-${i}-0000000`));
    expect(guesses.map((r) => r.status)).toEqual([401, 401, 401, 429]);
    expect(guesses.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(guesses[3]?.headers.get('retry-after')).toBeTruthy();
    expect(v.parse(ErrorBodySchema, await guesses[3]!.json()).code).toBe(1005);
    // The same window as keyless requests from that address.
    expect((await hit()).status).toBe(429);
    // A real key is its own window, untouched by the guesses.
    expect((await hit(STANDARD)).status).toBe(200);
  });

  it('does not count preflights', async () => {
    clock += 60_000;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${service.url}/v1/tools`, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
    }
    expect((await hit()).headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('keys file', () => {
  it('loads keys from a JSON file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const file = join(dir, 'keys.json');
    writeFileSync(file, JSON.stringify({ keys: [{ key: STANDARD, tier: 'standard' }] }));
    const server = await startServer({ port: 0, keysFile: file, logLevel: 'silent' });
    try {
      const res = await fetch(`${server.url}/v1/tools`, { headers: { 'x-api-key': STANDARD } });
      expect(res.headers.get('x-ratelimit-limit')).toBe('300');
      const free = await fetch(`${server.url}/v1/tools`);
      expect(free.headers.get('x-ratelimit-limit')).toBe('60');
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an invalid keys file, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const file = join(dir, 'keys.json');
    writeFileSync(file, JSON.stringify({ keys: [{ key: ENTERPRISE, tier: 'enterprise' }] }));
    await expect(startServer({ port: 0, keysFile: file })).rejects.toThrow(/needs perMinute and perHour/);
    writeFileSync(file, '{ nope');
    await expect(startServer({ port: 0, keysFile: file })).rejects.toThrow(/not JSON/);
    await expect(startServer({ port: 0, keysFile: join(dir, 'missing.json') })).rejects.toThrow(/Cannot read/);
  });
});
