import { DIALECT_HEADERS, type RateLimitHeaderNames } from './dialect';
import { RateLimitError } from './errors';

/** What the last response said about the rate-limit window (spec, Limits: X-RateLimit-Limit/Remaining/Reset). */
export type RateLimitState = {
  limit: number | undefined;
  remaining: number | undefined;
  /** When the window resets, epoch milliseconds. */
  resetAt: number | undefined;
  /** When the headers were read, epoch milliseconds. */
  observedAt: number;
};

/**
 * The spec does not give the unit of X-RateLimit-Reset. Heuristic: a value of at least 1e12 is epoch milliseconds,
 * at least 1e9 is epoch seconds (1e9 s is September 2001: no window lasts 31 years, so a relative value never gets
 * that large), anything smaller is seconds from now.
 */
export function resetToEpochMs(value: number, now: number): number {
  if (value >= 1e12) return Math.round(value);
  if (value >= 1e9) return Math.round(value * 1000);
  return now + Math.round(value * 1000);
}

function readNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw.trim());
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Rate-limit state from response headers; undefined when the response carries none of them. The names differ per
 * dialect (the spec's X-RateLimit-*, LI.FI's RateLimit-*), the units are read the same way.
 */
export function readRateLimitHeaders(
  headers: Headers,
  now: number,
  names: RateLimitHeaderNames = DIALECT_HEADERS.spec.rateLimit,
): RateLimitState | undefined {
  const limit = readNumber(headers, names.limit);
  const remaining = readNumber(headers, names.remaining);
  const reset = readNumber(headers, names.reset);
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  return {
    limit,
    remaining,
    resetAt: reset === undefined ? undefined : resetToEpochMs(reset, now),
    observedAt: now,
  };
}

/** How long to hold the next request: until the reset when nothing is left in the window, else 0. */
export function rateLimitWaitMs(state: RateLimitState | undefined, now: number): number {
  if (state?.remaining !== 0 || state.resetAt === undefined) return 0;
  return Math.max(0, state.resetAt - now);
}

/**
 * Holds a request while the window is exhausted instead of provoking a 429. A wait longer than `capMs` (an hourly
 * window, say) is not worth a silent hang: the caller gets a RateLimitError telling how long to wait, and nothing is
 * sent.
 */
export async function holdForRateLimit(options: {
  state: RateLimitState | undefined;
  now: number;
  capMs: number;
  url: string;
  method: string;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  const wait = rateLimitWaitMs(options.state, options.now);
  if (wait <= 0) return;
  if (wait > options.capMs) {
    throw new RateLimitError({
      status: 429,
      url: options.url,
      method: options.method,
      retryAfterMs: wait,
      body: { message: `No requests left in the rate-limit window for ${Math.ceil(wait / 1000)} s; not sent.` },
    });
  }
  await options.sleep(wait, options.signal);
}
