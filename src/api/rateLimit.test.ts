import { describe, expect, it } from 'vitest';
import { chainsResponse } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient, type RoutingClientConfig } from './client';
import { AbortedError, RateLimitError } from './errors';
import { getChains } from './getChains';
import { type RateLimitState, readRateLimitHeaders, resetToEpochMs } from './rateLimit';

const NOW = 1_700_000_000_000;

describe('resetToEpochMs', () => {
  it('reads small values as seconds from now', () => {
    expect(resetToEpochMs(0, NOW)).toBe(NOW);
    expect(resetToEpochMs(30, NOW)).toBe(NOW + 30_000);
    expect(resetToEpochMs(3600, NOW)).toBe(NOW + 3_600_000);
  });

  it('reads large values as epoch seconds, and very large ones as epoch milliseconds', () => {
    expect(resetToEpochMs(1_700_000_060, NOW)).toBe(NOW + 60_000);
    expect(resetToEpochMs(NOW + 5000, NOW)).toBe(NOW + 5000);
  });
});

describe('readRateLimitHeaders', () => {
  it('reads the three headers', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': '42',
    });
    expect(readRateLimitHeaders(headers, NOW)).toEqual({
      limit: 60,
      remaining: 59,
      resetAt: NOW + 42_000,
      observedAt: NOW,
    });
  });

  it('gives undefined without headers and ignores unreadable values', () => {
    expect(readRateLimitHeaders(new Headers(), NOW)).toBeUndefined();
    const state = readRateLimitHeaders(
      new Headers({ 'x-ratelimit-remaining': 'lots', 'x-ratelimit-limit': '10' }),
      NOW,
    );
    expect(state).toEqual({ limit: 10, remaining: undefined, resetAt: undefined, observedAt: NOW });
  });
});

describe('rate-limit state in the client', () => {
  const server = useScriptedServer();
  const exhausted = (reset: string) => ({
    body: chainsResponse(),
    headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
  });

  function clientWithClock(config: Partial<RoutingClientConfig> = {}) {
    const sleeps: number[] = [];
    const states: RateLimitState[] = [];
    const client = createRoutingClient({
      baseUrl: server.current.url,
      now: () => NOW,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onRateLimit: (state) => states.push(state),
      ...config,
    });
    return { client, sleeps, states };
  }

  it('exposes the state after every response', async () => {
    server.current.script(
      'GET /v1/chains',
      { body: chainsResponse(), headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '5' } },
      { body: chainsResponse(), headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '4' } },
    );
    const { client, states } = clientWithClock();
    expect(client.rateLimit).toBeUndefined();
    await getChains(client);
    expect(client.rateLimit?.remaining).toBe(5);
    await getChains(client);
    expect(client.rateLimit).toEqual({ limit: 60, remaining: 4, resetAt: undefined, observedAt: NOW });
    expect(states.map((s) => s.remaining)).toEqual([5, 4]);
  });

  it('reads the state from error responses too', async () => {
    server.current.script('GET /v1/chains', { status: 400, headers: { 'x-ratelimit-remaining': '3' } });
    const { client } = clientWithClock();
    await getChains(client).catch(() => undefined);
    expect(client.rateLimit?.remaining).toBe(3);
  });

  it('holds the next request until the reset (seconds from now) instead of provoking a 429', async () => {
    server.current.script('GET /v1/chains', exhausted('12'));
    const { client, sleeps } = clientWithClock();
    await getChains(client);
    expect(sleeps).toEqual([]);
    await getChains(client);
    expect(sleeps).toEqual([12_000]);
    expect(server.current.requests).toHaveLength(2);
  });

  it('holds until a reset given in epoch seconds', async () => {
    server.current.script('GET /v1/chains', exhausted(String(NOW / 1000 + 3)));
    const { client, sleeps } = clientWithClock();
    await getChains(client);
    await getChains(client);
    expect(sleeps).toEqual([3000]);
  });

  it('does not hold when requests are left, the reset has passed, or holding is off', async () => {
    server.current.script('GET /v1/chains', exhausted(String(NOW / 1000 - 5)));
    const past = clientWithClock();
    await getChains(past.client);
    await getChains(past.client);
    expect(past.sleeps).toEqual([]);

    server.current.script('GET /v1/chains', exhausted('12'));
    const off = clientWithClock({ holdWhenExhausted: false });
    await getChains(off.client);
    await getChains(off.client);
    expect(off.sleeps).toEqual([]);
  });

  it('does not hold past the cap: the caller gets a RateLimitError and nothing is sent', async () => {
    server.current.script('GET /v1/chains', exhausted('3600'));
    const { client } = clientWithClock({ retry: { retryAfterCapMs: 60_000 } });
    await getChains(client);
    const err = await getChains(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(server.current.requests).toHaveLength(1);
  });

  it('uses the window reset as the wait of a 429 without Retry-After', async () => {
    server.current.script('GET /v1/chains', {
      status: 429,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' },
    });
    const { client } = clientWithClock({ retry: { attempts: 1 } });
    const err = await getChains(client).catch((e: unknown) => e);
    expect((err as RateLimitError).retryAfterMs).toBe(30_000);
    expect((err as RateLimitError).shortMessage).toBe('The routing service is busy. Try again in 30 seconds.');
  });

  it('carries the state into a rebuilt client, which keeps holding', async () => {
    server.current.script('GET /v1/chains', exhausted('12'));
    const first = clientWithClock();
    await getChains(first.client);
    const rebuilt = clientWithClock({ initialRateLimit: first.client.rateLimit });
    expect(rebuilt.client.rateLimit?.remaining).toBe(0);
    await getChains(rebuilt.client);
    expect(rebuilt.sleeps).toEqual([12_000]);
  });

  it('lets the caller abort a hold', async () => {
    server.current.script('GET /v1/chains', exhausted('30'));
    const client = createRoutingClient({ baseUrl: server.current.url });
    await getChains(client);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const err = await getChains(client, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.current.requests).toHaveLength(1);
  });
});
