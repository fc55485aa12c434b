import { AbortedError, RateLimitError } from '../../api/errors';
import type { RateLimitState } from '../../api/rateLimit';

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
  /**
   * Whether a 429 pauses every request (default) or concerns only its own endpoint group, which the caller holds
   * (LI.FI's route searches spent for two hours must not stop status checks).
   */
  holdsEverything?: (err: RateLimitError) => boolean;
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
      if (options.holdsEverything && !options.holdsEverything(err)) return;
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

/**
 * The share of the service's rate-limit window that background work (status checks) may use, so that the popup,
 * which a person is looking at, always finds requests left, and the background never runs the window dry (which
 * would make the client hold every request, the popup's too, until the window resets).
 *
 * Read from the X-RateLimit headers of the latest answer (any request's): while more than the reserve is left
 * (40 % of the window, at least RESERVE_MIN), a routine background request may go; an urgent one (confirming funds
 * the chain watch saw arrive) may use most of that reserve, down to a tenth of the window (at least RESERVE_MIN):
 * routine checks can wait, the notification of funds that arrived should not. Otherwise it is not sent but
 * deferred: the caller gets a time to try again, after the window resets, and deferred requests are spread over
 * the next window (one per window / (limit − reserve)) rather than all fired at the reset. Requests sent since the
 * headers were read count against what they said. Without headers (a service that sends none) nothing is deferred.
 */
export type RequestBudget = {
  /** 0 when a background request may go now (and counts it), else the epoch ms to try again. */
  takeBackground(urgent?: boolean): number;
};

export const RESERVE_FRACTION = 0.4;
export const URGENT_RESERVE_FRACTION = 0.1;
export const RESERVE_MIN = 5;
const DEFAULT_WINDOW_MS = 60_000;

export function createRequestBudget(options: {
  now: () => number;
  state: () => RateLimitState | undefined;
}): RequestBudget {
  let counted: { observedAt: number; spent: number } = { observedAt: -1, spent: 0 };
  let lastSlot = 0;

  return {
    takeBackground(urgent = false) {
      const state = options.state();
      if (state?.limit === undefined || state.remaining === undefined) return 0;
      const now = options.now();
      if (counted.observedAt !== state.observedAt) counted = { observedAt: state.observedAt, spent: 0 };
      const reset = state.resetAt;
      const windowOver = reset !== undefined && now >= reset;
      const left = (windowOver ? state.limit : state.remaining) - counted.spent;
      const reserve = Math.max(
        RESERVE_MIN,
        Math.ceil(state.limit * (urgent ? URGENT_RESERVE_FRACTION : RESERVE_FRACTION)),
      );
      if (left > reserve) {
        counted.spent++;
        return 0;
      }
      const windowMs = reset !== undefined && reset > state.observedAt ? reset - state.observedAt : DEFAULT_WINDOW_MS;
      const spacing = Math.max(250, Math.min(windowMs, DEFAULT_WINDOW_MS) / Math.max(1, state.limit - reserve));
      const start = reset !== undefined && reset > now ? reset : now + spacing;
      lastSlot = Math.max(start, lastSlot + spacing);
      return Math.ceil(lastSlot);
    },
  };
}
