import { AbortedError, RateLimitError } from '../../api/errors';

/**
 * Every request the background sends to the service passes through one queue, so the whole extension (popup,
 * content scripts, status polls) stays inside the service's rate limit together:
 * - at most `concurrency` requests in flight;
 * - after a 429 that the client could not absorb (its own retries used up, or a wait beyond its cap), the queue
 *   pauses everything for Retry-After (or an exponential back-off when the service gave no figure).
 * The client itself reads the X-RateLimit headers and holds a request when the window is exhausted.
 */
export type RequestQueue = {
  run<T>(task: (signal: AbortSignal | undefined) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Epoch ms until which requests are held, 0 when not paused. */
  pausedUntil(): number;
};

export type RequestQueueOptions = {
  concurrency?: number;
  now?: () => number;
  /** Back-off after a 429 without Retry-After: base·2^(n-1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
};

type Waiter = { start: () => void; signal: AbortSignal | undefined; reject: (err: unknown) => void };

export function createRequestQueue(options: RequestQueueOptions = {}): RequestQueue {
  const concurrency = options.concurrency ?? 3;
  const now = options.now ?? Date.now;
  const backoffBaseMs = options.backoffBaseMs ?? 2_000;
  const backoffMaxMs = options.backoffMaxMs ?? 120_000;
  let active = 0;
  let pausedUntil = 0;
  let consecutive429 = 0;
  let wake: { at: number; timer: ReturnType<typeof setTimeout> } | undefined;
  const waiting: Waiter[] = [];

  function pump() {
    const wait = pausedUntil - now();
    if (wait > 0) {
      // One wake-up, at the end of the current pause (a later 429 may have moved it).
      if (wake?.at !== pausedUntil) {
        if (wake) clearTimeout(wake.timer);
        wake = {
          at: pausedUntil,
          timer: setTimeout(() => {
            wake = undefined;
            pump();
          }, wait),
        };
      }
      return;
    }
    while (active < concurrency && waiting.length > 0) {
      const next = waiting.shift()!;
      if (next.signal?.aborted) continue;
      active++;
      next.start();
    }
  }

  function noteOutcome(err: unknown) {
    if (err instanceof RateLimitError) {
      consecutive429++;
      const backoff = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (consecutive429 - 1));
      pausedUntil = Math.max(pausedUntil, now() + (err.retryAfterMs ?? backoff));
    } else if (err === undefined) {
      consecutive429 = 0;
    }
  }

  return {
    run(task, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortedError({ cause: signal.reason }));
        const waiter: Waiter = {
          signal,
          reject,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            task(signal)
              .then(
                (value) => {
                  noteOutcome(undefined);
                  resolve(value);
                },
                (err: unknown) => {
                  noteOutcome(err);
                  reject(err);
                },
              )
              .finally(() => {
                active--;
                pump();
              });
          },
        };
        // Aborted while still queued: leave the queue at once, nothing was sent.
        const onAbort = () => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new AbortedError({ cause: signal?.reason }));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
        pump();
      });
    },
    pausedUntil: () => (pausedUntil > now() ? pausedUntil : 0),
  };
}
