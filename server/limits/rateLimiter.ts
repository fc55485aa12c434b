import type { TierLimits } from './tiers';

/** What the X-RateLimit-* headers report and whether the request may go on. */
export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the reported window resets. */
  resetSec: number;
};

type Counter = { minuteStart: number; minuteCount: number; hourStart: number; hourCount: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** What unlimited tiers report, so clients reading the headers as integers never see "Infinity". */
const UNLIMITED_REPORT = 2_147_483_647;

/**
 * Fixed windows aligned on the clock (minute and hour), counted per identity (`key:…` or `ip:…`). Both windows must
 * have room; the headers report the tighter one. Memory is bounded by sweeping identities idle for an hour.
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts the request when `consume` (preflights and rejected keys only peek). */
  check(identity: string, limits: TierLimits, consume = true): RateDecision {
    const now = this.now();
    if (!Number.isFinite(limits.perMinute) && !Number.isFinite(limits.perHour)) {
      return { allowed: true, limit: UNLIMITED_REPORT, remaining: UNLIMITED_REPORT, resetSec: 60 };
    }
    this.sweep(now);
    const minuteStart = now - (now % MINUTE);
    const hourStart = now - (now % HOUR);
    let counter = this.counters.get(identity);
    if (!counter) {
      counter = { minuteStart, minuteCount: 0, hourStart, hourCount: 0 };
      this.counters.set(identity, counter);
    }
    if (counter.minuteStart !== minuteStart) {
      counter.minuteStart = minuteStart;
      counter.minuteCount = 0;
    }
    if (counter.hourStart !== hourStart) {
      counter.hourStart = hourStart;
      counter.hourCount = 0;
    }
    const allowed = counter.minuteCount < limits.perMinute && counter.hourCount < limits.perHour;
    if (allowed && consume) {
      counter.minuteCount++;
      counter.hourCount++;
    }
    const minuteLeft = Math.max(0, limits.perMinute - counter.minuteCount);
    const hourLeft = Math.max(0, limits.perHour - counter.hourCount);
    const minuteReset = Math.ceil((minuteStart + MINUTE - now) / 1000);
    const hourReset = Math.ceil((hourStart + HOUR - now) / 1000);
    // Report the window that binds: the hour once it has fewer requests left than the minute.
    const hourBinds =
      hourLeft < minuteLeft || (hourLeft === 0 && minuteLeft === 0 && counter.hourCount >= limits.perHour);
    return hourBinds
      ? { allowed, limit: limits.perHour, remaining: hourLeft, resetSec: hourReset }
      : { allowed, limit: limits.perMinute, remaining: minuteLeft, resetSec: minuteReset };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < MINUTE) return;
    this.lastSweep = now;
    const hourStart = now - (now % HOUR);
    for (const [identity, counter] of this.counters) {
      if (counter.hourStart !== hourStart) this.counters.delete(identity);
    }
  }
}
