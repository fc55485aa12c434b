/**
 * Retry policy (spec, Errors): 429 and 5xx are retried with exponential backoff, a `Retry-After` header is read as
 * seconds, other 4xx are never retried. Network failures are retried like 5xx. A client time-out is retried only
 * for GET: every endpoint is free of side effects, but a POST route search that timed out is costly and tends to
 * time out again, so the caller decides rather than waiting up to four time-outs.
 */

export type RetryConfig = {
  /** Total attempts, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After (or rate-limit wait) longer than this is not waited for: the error reaches the caller at once. */
  retryAfterCapMs: number;
};

export const DEFAULT_RETRY: RetryConfig = {
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  retryAfterCapMs: 60_000,
};

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Delay before retry number `retry` (1 for the first retry): exponential, capped, with "equal jitter" (half fixed,
 * half random) so that clients spread out but never hammer back immediately after a 429.
 */
export function backoffDelay(retry: number, config: RetryConfig, random: () => number = Math.random): number {
  const exponential = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/**
 * `Retry-After` in milliseconds. The spec reads it as seconds; an HTTP date (RFC 9110) is accepted too because
 * proxies in front of the service send that form. Unreadable or negative values give undefined.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
