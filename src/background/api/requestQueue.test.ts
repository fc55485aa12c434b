import { describe, expect, it } from 'vitest';
import { AbortedError, RateLimitError } from '../../api/errors';
import { createClock } from '../testing/harness';
import { createRequestQueue } from './requestQueue';

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
