import type { RateDecision } from './rateLimiter';

/**
 * LI.FI's production limits ("Rate Limits and API Authentication", docs.li.fi; /work/shared/guides/domain-facts.md):
 * without a key, per client address, each endpoint group has its own allowance; with a key, one allowance of the
 * key's requests per minute × 120 over a rolling two-hour window, whatever the endpoint.
 */
export type LifiGroup = 'quote' | 'routes' | 'stepTransaction' | 'other';

export type GroupLimit = { limit: number; windowMs: number };

export const TWO_HOURS_MS = 7_200_000;
const MINUTE_MS = 60_000;

export const LIFI_KEYLESS_LIMITS: Readonly<Record<LifiGroup, GroupLimit>> = {
  quote: { limit: 75, windowMs: TWO_HOURS_MS },
  routes: { limit: 75, windowMs: TWO_HOURS_MS },
  stepTransaction: { limit: 50, windowMs: TWO_HOURS_MS },
  other: { limit: 100, windowMs: MINUTE_MS },
};

/** A key's requests per minute when its entry names none (LI.FI's default key). */
export const LIFI_DEFAULT_KEY_RPM = 100;
/** A key's allowance is its RPM times this, over two hours. */
export const LIFI_KEY_WINDOW_MINUTES = 120;

/** The endpoint group a path belongs to: `/v1/quote` (and its variants), routes, stepTransaction, the rest. */
export function lifiGroupOf(pathname: string | undefined): LifiGroup {
  if (pathname === undefined) return 'other';
  if (pathname === '/v1/quote' || pathname.startsWith('/v1/quote/')) return 'quote';
  if (pathname === '/v1/advanced/routes') return 'routes';
  if (pathname === '/v1/advanced/stepTransaction') return 'stepTransaction';
  return 'other';
}

/**
 * A fixed window per identity that opens at its first counted request and lasts `windowMs` (the shape
 * express-rate-limit's memory store gives, whose `ratelimit-*` headers LI.FI sends): the reset is the same for
 * every request of the window and at most `windowMs` away, so a two-hour group reports at most 7,200 s.
 */
export class FirstRequestWindows {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();
  private lastSweep = 0;

  check(identity: string, { limit, windowMs }: GroupLimit, now: number, consume: boolean): RateDecision {
    this.sweep(now);
    let window = this.windows.get(identity);
    if (window && now >= window.start + window.windowMs) window = undefined;
    if (!window) {
      // A peek (preflight, refused key) does not open a window: the reset reported is a whole window.
      if (!consume) return { allowed: true, limit, remaining: limit, resetSec: Math.ceil(windowMs / 1000) };
      window = { start: now, count: 0, windowMs };
      this.windows.set(identity, window);
    }
    const allowed = window.count < limit;
    if (allowed && consume) window.count++;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSec: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = now;
    for (const [identity, window] of this.windows) {
      if (now >= window.start + window.windowMs) this.windows.delete(identity);
    }
  }
}

/**
 * A rolling window counted in one-minute buckets (memory bounded by 120 buckets per key): the allowance is what the
 * last `windowMs` spent; the reset is when the oldest counted minute leaves the window, the moment requests come back.
 */
export class RollingWindows {
  private readonly buckets = new Map<string, { minute: number; count: number }[]>();

  check(identity: string, { limit, windowMs }: GroupLimit, now: number, consume: boolean): RateDecision {
    const minute = Math.floor(now / MINUTE_MS);
    const oldest = minute - Math.ceil(windowMs / MINUTE_MS) + 1;
    const kept = (this.buckets.get(identity) ?? []).filter((b) => b.minute >= oldest);
    let spent = kept.reduce((sum, b) => sum + b.count, 0);
    const allowed = spent < limit;
    if (allowed && consume) {
      const last = kept[kept.length - 1];
      if (last?.minute === minute) last.count++;
      else kept.push({ minute, count: 1 });
      spent++;
    }
    if (kept.length > 0) this.buckets.set(identity, kept);
    else this.buckets.delete(identity);
    const first = kept[0];
    const resetMs = first ? (first.minute + Math.ceil(windowMs / MINUTE_MS)) * MINUTE_MS - now : windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - spent),
      resetSec: Math.max(1, Math.min(Math.ceil(windowMs / 1000), Math.ceil(resetMs / 1000))),
    };
  }
}
