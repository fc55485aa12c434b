/**
 * When to ask GET /v1/status next, and when to read the destination chain next. Pure: table-tested in
 * schedule.test.ts, and replayed by bench/background.ts.
 *
 * With E the route's executionDuration, t the time since the transfer was recorded and W = max(15 s, 0.2·E):
 *
 * Status requests (the service is the authority for the outcome):
 * - early (t < E − W): sparse. Halve the distance to E − W each time, at least max(30 s, W/2) apart: nothing is
 *   expected yet; these answers catch a source transaction the service never sees (LOST) or an early failure.
 * - watched (the destination chain has a trusted RPC, see src/background/arrival/): one check at E − W, one at E, then
 *   back off, each gap as long as the overrun so far (max(30 s, W) … 2 h): the chain watch carries the wait, and a
 *   match on the chain triggers the confirming request at once. A 2-minute transfer done on time costs 5–6 requests,
 *   done at 30 minutes about 11.
 * - unwatched (no trusted RPC for the destination): every E/30 (4 s … 60 s) in the hot window E − W … E + 2W, then a
 *   quarter of the overrun (30 s … 30 min).
 * - after the watch saw the funds arrive but the service does not say DONE yet (it lags the chain): again after as
 *   long as has passed since the arrival, 5 s … 5 min.
 * - never two checks of one transfer less than MIN_CHECK_GAP_MS apart.
 * - errors: at least 15 s·2^(n−1) (capped at 30 min) after n consecutive failures; a 429's Retry-After always wins.
 * - give up GIVE_UP_AFTER_MS after the transfer was sent (48 h, what wallets use) and tell the person what to do.
 *   Over those 48 hours a transfer that never arrives costs about 30 status requests when watched.
 *
 * Chain reads (nextWatchDelay): every 15 s before E − W (a bridge that is early), every 3 s in E − W … E + 2W, every
 * 4 s up to an hour past E, every 20 s up to six hours past E, then every minute until the give-up bound. One batched
 * request per chain and tick serves every transfer to that chain.
 *
 * Chrome alarms fire at most every 30 s (Chrome 120+; `when`/`delayInMinutes` below 0.5 min are rounded up), so
 * an alarm alone cannot give these intervals. The scheduler arms the alarm at max(delay, 30 s) as the backstop that
 * survives the worker being stopped, and a setTimeout for delays below 30 s. The worker stays awake while a transfer
 * is in flight because each check and chain read ends with a storage write (an extension API call resets the 30 s
 * idle timer); if it is stopped anyway, the alarm resumes at most 30 s late.
 */
export const ALARM_MIN_DELAY_MS = 30_000;
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** NOT_FOUND is tolerated this long (the source transaction may not be mined or indexed yet) before LOST. */
export const NOT_FOUND_GRACE_MS = 30 * 60 * 1000;
/** …and only after this many NOT_FOUND answers, so a worker asleep for the whole grace does not decide on one answer. */
export const NOT_FOUND_MIN_ANSWERS = 3;
/** Used when the route carried no executionDuration. */
export const DEFAULT_EXPECTED_MS = 5 * 60 * 1000;
/** Two checks of one transfer are never closer than this (a confirmation right after a scheduled check waits). */
export const MIN_CHECK_GAP_MS = 3_000;

const MIN_EARLY_GAP_MS = 30_000;
const HOT_MIN_MS = 4_000;
const HOT_MAX_MS = 60_000;
const LATE_MIN_MS = 30_000;
const UNWATCHED_LATE_MAX_MS = 30 * 60 * 1000;
const WATCHED_LATE_MAX_MS = 2 * 60 * 60 * 1000;
const CONFIRM_MIN_MS = 5_000;
const CONFIRM_MAX_MS = 5 * 60 * 1000;
const ERROR_BASE_MS = 15_000;
const ERROR_MAX_MS = 30 * 60 * 1000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Chain-read cadence: [until this long past E (Infinity: the give-up bound), every]. Before E − W: EARLY. */
const WATCH_EARLY_MS = 15_000;
const WATCH_HOT_MS = 3_000;
const WATCH_LATE_STEPS: ReadonlyArray<readonly [number, number]> = [
  [HOUR, 4_000],
  [6 * HOUR, 20_000],
  [Number.POSITIVE_INFINITY, MINUTE],
];

export type ScheduleInput = {
  now: number;
  /** When the transfer was recorded (the source transaction was just sent). */
  startedAt: number;
  /** Route estimate in milliseconds; 0 or missing means unknown. */
  expectedMs: number | undefined;
  consecutiveErrors: number;
  /** From a 429 (Retry-After or the rate-limit window). */
  retryAfterMs?: number | undefined;
  /** The destination chain is being read through a trusted RPC (src/background/arrival/). */
  watched?: boolean | undefined;
  /** When the chain watch saw the funds arrive (epoch ms); the service has not confirmed yet. */
  arrivalSeenAt?: number | undefined;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type Phases = { t: number; expected: number; window: number; hotStart: number; hotEnd: number };

function phases(now: number, startedAt: number, expectedMs: number | undefined): Phases {
  const expected = expectedMs && expectedMs > 0 ? expectedMs : DEFAULT_EXPECTED_MS;
  const window = Math.max(15_000, 0.2 * expected);
  return { t: now - startedAt, expected, window, hotStart: expected - window, hotEnd: expected + 2 * window };
}

/** Milliseconds until the next status request, or null when tracking should stop (give up). */
export function nextCheckDelay(input: ScheduleInput): number | null {
  const { t, expected, window, hotStart, hotEnd } = phases(input.now, input.startedAt, input.expectedMs);
  const remaining = GIVE_UP_AFTER_MS - t;
  if (remaining <= 0) return null;

  let delay: number;
  if (t < hotStart) {
    const untilHot = hotStart - t;
    delay = Math.min(untilHot, Math.max(MIN_EARLY_GAP_MS, window / 2, untilHot / 2));
  } else if (input.watched) {
    delay = t < expected ? expected - t : clamp(t - expected, Math.max(LATE_MIN_MS, window), WATCHED_LATE_MAX_MS);
  } else if (t <= hotEnd) {
    delay = clamp(expected / 30, HOT_MIN_MS, HOT_MAX_MS);
  } else {
    delay = clamp((t - expected) / 4, LATE_MIN_MS, UNWATCHED_LATE_MAX_MS);
  }
  if (input.arrivalSeenAt !== undefined && input.arrivalSeenAt <= input.now) {
    delay = Math.min(delay, clamp(input.now - input.arrivalSeenAt, CONFIRM_MIN_MS, CONFIRM_MAX_MS));
  }
  if (input.consecutiveErrors > 0) {
    delay = Math.max(delay, Math.min(ERROR_MAX_MS, ERROR_BASE_MS * 2 ** (input.consecutiveErrors - 1)));
  }
  if (input.retryAfterMs !== undefined) delay = Math.max(delay, input.retryAfterMs);
  // The last check happens at the give-up bound, not after it.
  return Math.round(Math.max(MIN_CHECK_GAP_MS, Math.min(delay, remaining)));
}

/** Milliseconds until the next read of the destination chain for this transfer, or null past the give-up bound. */
export function nextWatchDelay(input: {
  now: number;
  startedAt: number;
  expectedMs: number | undefined;
}): number | null {
  const { t, expected, hotStart, hotEnd } = phases(input.now, input.startedAt, input.expectedMs);
  const remaining = GIVE_UP_AFTER_MS - t;
  if (remaining <= 0) return null;
  let delay: number;
  if (t < hotStart) delay = Math.min(WATCH_EARLY_MS, hotStart - t);
  else if (t <= hotEnd) delay = WATCH_HOT_MS;
  else delay = WATCH_LATE_STEPS.find(([until]) => t - expected <= until)![1];
  return Math.max(1_000, Math.min(delay, remaining));
}
