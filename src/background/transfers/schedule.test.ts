import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, MIN_CHECK_GAP_MS, nextCheckDelay, nextWatchDelay } from './schedule';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const delay = (t: number, expectedMs = 120 * S, extra = {}) =>
  nextCheckDelay({ now: t, startedAt: 0, expectedMs, consecutiveErrors: 0, ...extra });
const watched = (t: number, expectedMs = 120 * S, extra = {}) => delay(t, expectedMs, { watched: true, ...extra });
const watch = (t: number, expectedMs = 120 * S) => nextWatchDelay({ now: t, startedAt: 0, expectedMs });

/** The status requests until the service can first answer DONE at `doneAt` (the check that sees it included). */
function requestsUntil(doneAt: number, next: (t: number) => number | null): { requests: number; seenAt: number } {
  let t = 0;
  let requests = 0;
  for (;;) {
    const d = next(t);
    if (d === null) return { requests, seenAt: Number.POSITIVE_INFINITY };
    t += d;
    requests++;
    if (t >= doneAt) return { requests, seenAt: t };
  }
}

describe('nextCheckDelay, unwatched destination (no trusted RPC)', () => {
  it.each([
    // [elapsed, expected, delay]: a 2-minute bridge (hot window 96 s … 168 s, every 4 s there).
    ['first check halfway to the hot window', 0, 120 * S, 48 * S],
    ['early checks stay 30 s apart (alarm minimum)', 48 * S, 120 * S, 30 * S],
    ['the last early check lands on the hot window', 78 * S, 120 * S, 18 * S],
    ['hot window: every E/30, at least 4 s', 96 * S, 120 * S, 4 * S],
    ['hot window end', 168 * S, 120 * S, 4 * S],
    ['late: a quarter of the overrun, at least 30 s', 170 * S, 120 * S, 30 * S],
    ['late by an hour', H, 120 * S, 870 * S],
    ['late by hours: capped at 30 min', 10 * H, 120 * S, 30 * M],
    ['unknown duration (0): 5 minutes assumed', 0, 0, 120 * S],
    ['30-minute bridge: early checks at least W/2 = 3 min apart', 1200 * S, 1800 * S, 180 * S],
    ['30-minute bridge: hot interval is a minute', 1700 * S, 1800 * S, 60 * S],
    ['just before giving up: the last check at the bound', GIVE_UP_AFTER_MS - 10 * S, 120 * S, 10 * S],
  ])('%s', (_name, t, expected, want) => {
    expect(delay(t, expected)).toBe(want);
  });
});

describe('nextCheckDelay, watched destination (the chain watch carries the wait)', () => {
  it.each([
    ['early: as unwatched', 0, 120 * S, 48 * S],
    ['early: the last one lands on E − W', 78 * S, 120 * S, 18 * S],
    ['at E − W: next at the estimate', 96 * S, 120 * S, 24 * S],
    ['at the estimate: max(30 s, W) later', 120 * S, 120 * S, 30 * S],
    ['late: the gap is the overrun so far', 240 * S, 120 * S, 120 * S],
    ['late by an hour', H + 120 * S, 120 * S, H],
    ['late by hours: capped at 2 h', 10 * H, 120 * S, 2 * H],
    ['30-minute bridge at E − W: next at E', 1440 * S, 1800 * S, 360 * S],
    ['30-minute bridge at E: W = 6 min later', 1800 * S, 1800 * S, 360 * S],
  ])('%s', (_name, t, expected, want) => {
    expect(watched(t, expected)).toBe(want);
  });

  it('after the watch saw the arrival, asks again 5 s, 10 s, 20 s … later (the service lags the chain)', () => {
    expect(watched(130 * S, 120 * S, { arrivalSeenAt: 130 * S })).toBe(5 * S);
    expect(watched(140 * S, 120 * S, { arrivalSeenAt: 130 * S })).toBe(10 * S);
    expect(watched(H, 120 * S, { arrivalSeenAt: 130 * S })).toBe(5 * M);
    // An arrival never makes the schedule slower than it was.
    expect(watched(96 * S, 120 * S, { arrivalSeenAt: 0 })).toBe(24 * S);
  });

  it.each([
    // [route, E, done at, most]: the checks before the arrival plus one more (where the watch's confirmation goes).
    ['2-minute route, on time', 120 * S, 120 * S, 4],
    ['2-minute route, done at 5 min', 120 * S, 5 * M, 8],
    ['2-minute route, done at 30 min', 120 * S, 30 * M, 11],
    ['30-minute route, on time', 30 * M, 30 * M, 7],
  ])('%s', (_name, expected, doneAt, most) => {
    const { requests } = requestsUntil(doneAt, (t) => watched(t, expected));
    expect(requests).toBeLessThanOrEqual(most);
  });

  it('costs a bounded number of requests over the whole give-up bound for a transfer that never arrives', () => {
    const { requests } = requestsUntil(Number.POSITIVE_INFINITY, (t) => watched(t));
    expect(requests).toBeLessThanOrEqual(40);
  });
});

describe('nextCheckDelay, both', () => {
  it('backs off exponentially on consecutive errors', () => {
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 1 })).toBe(15 * S);
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 3 })).toBe(60 * S);
    expect(delay(100 * S, 120 * S, { consecutiveErrors: 20 })).toBe(30 * 60 * S);
  });

  it('never asks again before Retry-After', () => {
    expect(delay(100 * S, 120 * S, { retryAfterMs: 90 * S })).toBe(90 * S);
    expect(delay(0, 120 * S, { retryAfterMs: 5 * S })).toBe(48 * S);
  });

  it('never schedules two checks closer than the minimum gap', () => {
    expect(watched(119 * S, 120 * S)).toBe(MIN_CHECK_GAP_MS);
    expect(delay(GIVE_UP_AFTER_MS - 1, 120 * S)).toBe(MIN_CHECK_GAP_MS);
  });

  it('gives up at the bound', () => {
    expect(delay(GIVE_UP_AFTER_MS, 120 * S)).toBeNull();
    expect(watched(GIVE_UP_AFTER_MS + H, 120 * S)).toBeNull();
  });

  it('sees an unwatched 2-minute transfer completing at 120 s with at most 12 requests, within 4 s', () => {
    const { requests, seenAt } = requestsUntil(120 * S, (t) => delay(t));
    expect(requests).toBeLessThanOrEqual(12);
    expect(seenAt - 120 * S).toBeLessThanOrEqual(4 * S);
  });
});

describe('nextWatchDelay', () => {
  it.each([
    ['before E − W: every 15 s (an early bridge)', 0, 120 * S, 15 * S],
    ['lands on E − W', 90 * S, 120 * S, 6 * S],
    ['hot window: every 3 s', 100 * S, 120 * S, 3 * S],
    ['up to an hour late: every 4 s', 30 * M, 120 * S, 4 * S],
    ['up to six hours late: every 20 s', 3 * H, 120 * S, 20 * S],
    ['later: every minute', 10 * H, 120 * S, M],
    ['30-minute route, hot window: every 3 s', 29 * M, 30 * M, 3 * S],
    ['the last read at the give-up bound', GIVE_UP_AFTER_MS - 10 * S, 120 * S, 10 * S],
  ])('%s', (_name, t, expected, want) => {
    expect(watch(t, expected)).toBe(want);
  });

  it('stops at the give-up bound', () => {
    expect(watch(GIVE_UP_AFTER_MS)).toBeNull();
  });

  it('reads every chain at most every 3 s, and a bounded number of times over 48 hours', () => {
    let t = 0;
    let reads = 0;
    for (let d = watch(t); d !== null; d = watch(t)) {
      expect(d).toBeGreaterThanOrEqual(1_000);
      t += d;
      reads++;
    }
    // 96 s early, 72 s hot, 1 h at 4 s, 5 h at 20 s, ~42 h at 1 min: about 4,400 batched reads per chain.
    expect(reads).toBeLessThan(4_500);
  });
});
