import { describe, expect, it } from 'vitest';
import { createClock } from '../../../testing/background/harness';
import { AbortedError, RateLimitError } from '../../api/errors';
import type { RateLimitState } from '../../api/rateLimit';
import { createRequestBudget, createRequestQueue } from './requestQueue';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setTimeout(r, 0));
const rateLimited = (retryAfterMs?: number) =>
  new RateLimitError({ status: 429, url: 'http://x', method: 'GET', retryAfterMs });

describe('request queue', () => {
  it('runs at most `concurrency` requests at once', async () => {
    const queue = createRequestQueue({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const all = gates.map((gate) =>
      queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
      }),
    );
    await tick();
    expect(running).toBe(2);
    for (const gate of gates) gate.resolve();
    await Promise.all(all);
    expect(peak).toBe(2);
  });

  it('pauses everything for Retry-After after a 429, or backs off exponentially without one', async () => {
    const clock = createClock();
    const queue = createRequestQueue({ now: clock.now, backoffBaseMs: 1000 });
    await expect(queue.run(() => Promise.reject(rateLimited(30_000)))).rejects.toBeInstanceOf(RateLimitError);
    expect(queue.pausedUntil()).toBe(clock.now() + 30_000);
    clock.advance(30_000);
    expect(queue.pausedUntil()).toBe(0);
    await expect(queue.run(() => Promise.reject(rateLimited()))).rejects.toBeInstanceOf(RateLimitError);
    expect(queue.pausedUntil()).toBe(clock.now() + 2000);
    clock.advance(2000);
    await expect(queue.run(() => Promise.reject(rateLimited()))).rejects.toBeInstanceOf(RateLimitError);
    expect(queue.pausedUntil()).toBe(clock.now() + 4000);
    clock.advance(4000);
    await queue.run(async () => undefined);
    await expect(queue.run(() => Promise.reject(rateLimited()))).rejects.toBeInstanceOf(RateLimitError);
    expect(queue.pausedUntil()).toBe(clock.now() + 1000);
  });

  it('holds requests while paused and sends them when the pause ends', async () => {
    const clock = createClock();
    const queue = createRequestQueue({ now: clock.now });
    await queue.run(() => Promise.reject(rateLimited(40))).catch(() => undefined);
    let sent = false;
    const held = queue.run(async () => {
      sent = true;
    });
    await tick();
    expect(sent).toBe(false);
    clock.advance(40);
    await held;
    expect(sent).toBe(true);
  });

  it('drops a queued request whose caller aborted, without sending it', async () => {
    const queue = createRequestQueue({ concurrency: 1 });
    const gate = deferred<void>();
    const first = queue.run(() => gate.promise);
    const controller = new AbortController();
    let sent = false;
    const second = queue.run(async () => {
      sent = true;
    }, controller.signal);
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(AbortedError);
    gate.resolve();
    await first;
    expect(sent).toBe(false);
  });
});

describe('request budget', () => {
  const state = (over: Partial<RateLimitState>): RateLimitState => ({
    limit: 60,
    remaining: 60,
    resetAt: 60_000,
    observedAt: 0,
    ...over,
  });

  it.each([
    // [what, headers, now, allowed]: Free tier, 60 a minute: 40 % (24) is kept back from routine checks.
    ['plenty left', { remaining: 40 }, 1_000, true],
    ['just above the reserve', { remaining: 25 }, 1_000, true],
    ['at the reserve', { remaining: 24 }, 1_000, false],
    ['exhausted', { remaining: 0 }, 1_000, false],
    ['exhausted, but the window has reset since', { remaining: 0 }, 60_000, true],
    ['a tiny window: at least 5 kept', { limit: 8, remaining: 5 }, 1_000, false],
  ] as const)('%s', (_what, over, now, allowed) => {
    const budget = createRequestBudget({ now: () => now, state: () => state(over) });
    expect(budget.takeBackground() === 0).toBe(allowed);
  });

  it('lets a confirmation of funds seen on the chain use part of the reserve, not all of it', () => {
    const budget = (remaining: number) =>
      createRequestBudget({ now: () => 1_000, state: () => state({ remaining }) }).takeBackground(true);
    expect(budget(10)).toBe(0);
    expect(budget(6)).toBeGreaterThan(0);
  });

  it('admits everything when the service sends no rate-limit headers', () => {
    const budget = createRequestBudget({ now: () => 0, state: () => undefined });
    for (let i = 0; i < 100; i++) expect(budget.takeBackground()).toBe(0);
  });

  it('counts what it admitted until the next headers arrive', () => {
    let headers = state({ remaining: 29 });
    const budget = createRequestBudget({ now: () => 1_000, state: () => headers });
    const admitted = Array.from({ length: 10 }, () => budget.takeBackground()).filter((w) => w === 0);
    // 29 left, 24 kept back: 5 go before new headers say more.
    expect(admitted).toHaveLength(5);
    headers = state({ remaining: 40, observedAt: 900 });
    expect(budget.takeBackground()).toBe(0);
  });

  it('defers past the window reset, spread over the next window instead of all at the reset', () => {
    const budget = createRequestBudget({ now: () => 30_000, state: () => state({ remaining: 10, resetAt: 60_000 }) });
    const slots = Array.from({ length: 5 }, () => budget.takeBackground());
    expect(slots[0]).toBeGreaterThanOrEqual(60_000);
    for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(1_000);
    // One window of 60 s shared by 36 routine requests: about 1.7 s apart.
    expect(slots[4]! - slots[0]!).toBeLessThan(8_000);
  });
});
