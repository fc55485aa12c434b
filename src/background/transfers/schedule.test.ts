import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, nextCheckDelay } from './schedule';

const S = 1000;
const H = 3600 * S;
const delay = (t: number, expectedMs = 120 * S, extra = {}) =>
  nextCheckDelay({ now: t, startedAt: 0, expectedMs, consecutiveErrors: 0, ...extra });

describe('nextCheckDelay', () => {
  it.each([
    // [elapsed, expected, delay]: a 2-minute bridge (hot window 96 s … 168 s, every 4 s there).
    ['first check halfway to the hot window', 0, 120 * S, 48 * S],
    ['early checks stay 30 s apart (alarm minimum)', 48 * S, 120 * S, 30 * S],
    ['the last early check lands on the hot window', 78 * S, 120 * S, 18 * S],
    ['hot window: every E/30, at least 4 s', 96 * S, 120 * S, 4 * S],
    ['hot window end', 168 * S, 120 * S, 4 * S],
    ['late: a quarter of the overrun, at least 30 s', 170 * S, 120 * S, 30 * S],
    ['late by an hour', H, 120 * S, 870 * S],
    ['late by hours: capped at 15 min', 10 * H, 120 * S, 900 * S],
    ['unknown duration (0): 5 minutes assumed', 0, 0, 120 * S],
    ['30-minute bridge: hot interval is a minute', 1700 * S, 1800 * S, 60 * S],
    ['just before giving up: the last check at the bound', GIVE_UP_AFTER_MS - 10 * S, 120 * S, 10 * S],
  ])('%s', (_name, t, expected, want) => {
    expect(delay(t, expected)).toBe(want);
  });

  it('backs off exponentially on consecutive errors', () => {
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 1 })).toBe(15 * S);
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 3 })).toBe(60 * S);
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 20 })).toBe(30 * 60 * S);
  });

  it('never asks again before Retry-After', () => {
    expect(delay(100 * S, 120 * S, { retryAfterMs: 90 * S })).toBe(90 * S);
    expect(delay(0, 120 * S, { retryAfterMs: 5 * S })).toBe(48 * S);
  });

  it('gives up at the bound', () => {
    expect(delay(GIVE_UP_AFTER_MS, 120 * S)).toBeNull();
    expect(delay(GIVE_UP_AFTER_MS + H, 120 * S)).toBeNull();
  });

  it('sees a 2-minute transfer completing at 120 s with at most 12 requests, within 4 s', () => {
    let t = 0;
    let requests = 0;
    for (;;) {
      t += delay(t)!;
      requests++;
      if (t >= 120 * S) break;
    }
    expect(requests).toBeLessThanOrEqual(12);
    expect(t - 120 * S).toBeLessThanOrEqual(4 * S);
  });
});
