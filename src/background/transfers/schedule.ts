/**
 * When to ask GET /v1/status next. Pure: table-tested in schedule.test.ts, and replayed by bench/background.ts.
 *
 * Shape of the schedule, with E the route's executionDuration and t the time since the transfer was recorded:
 * - early (t < E − W, W = max(15 s, 0.2·E)): sparse. Halve the distance to the hot window each time, at least
 *   30 s apart: nothing is expected yet, and a 2-minute transfer spends only 3 requests here.
 * - hot (E − W ≤ t ≤ E + 2W): every E/30 (clamped to 4 s … 60 s), so the completion is seen within a few seconds of
 *   the service reporting it: 4 s for a 2-minute bridge, a minute for a 30-minute one.
 * - late (t > E + 2W): the transfer is slower than its estimate (refunds, congested bridges): back off to a quarter
 *   of the overrun, 30 s … 15 min.
 * - errors: at least 15 s·2^(n−1) (capped at 30 min) after n consecutive failures; a 429's Retry-After always wins.
 * - give up after GIVE_UP_AFTER_MS (48 h, what wallets use) and tell the person where to look.
 *
 * Chrome alarms fire at most every 30 s (Chrome 120+; `when`/`delayInMinutes` below 0.5 min are rounded up), so
 * an alarm alone cannot give the 4 s hot interval. The scheduler therefore arms the alarm at max(delay, 30 s) as the
 * backstop that survives the worker being stopped, and a setTimeout for delays below 30 s. The worker stays awake
 * during the hot window because each check ends with a storage write (an extension API call resets the 30 s idle
 * timer); if it is stopped anyway, the alarm resumes polling at most 30 s late.
 */
export const ALARM_MIN_DELAY_MS = 30_000;
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** NOT_FOUND is tolerated this long (the source transaction may not be mined or indexed yet) before LOST. */
export const NOT_FOUND_GRACE_MS = 30 * 60 * 1000;
/** …and only after this many NOT_FOUND answers, so a worker asleep for the whole grace does not decide on one answer. */
export const NOT_FOUND_MIN_ANSWERS = 3;
/** Used when the route carried no executionDuration. */
export const DEFAULT_EXPECTED_MS = 5 * 60 * 1000;

const MIN_EARLY_GAP_MS = 30_000;
const HOT_MIN_MS = 4_000;
const HOT_MAX_MS = 60_000;
const LATE_MIN_MS = 30_000;
const LATE_MAX_MS = 15 * 60 * 1000;
const ERROR_BASE_MS = 15_000;
const ERROR_MAX_MS = 30 * 60 * 1000;

export type ScheduleInput = {
  now: number;
  /** When the transfer was recorded (the source transaction was just sent). */
  startedAt: number;
  /** Route estimate in milliseconds; 0 or missing means unknown. */
  expectedMs: number | undefined;
  consecutiveErrors: number;
  /** From a 429 (Retry-After or the rate-limit window). */
  retryAfterMs?: number | undefined;
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Milliseconds until the next status request, or null when tracking should stop (give up). */
export function nextCheckDelay(input: ScheduleInput): number | null {
  const t = input.now - input.startedAt;
  const remaining = GIVE_UP_AFTER_MS - t;
  if (remaining <= 0) return null;
  const expected = input.expectedMs && input.expectedMs > 0 ? input.expectedMs : DEFAULT_EXPECTED_MS;
  const window = Math.max(15_000, 0.2 * expected);
  const hotStart = expected - window;
  const hotEnd = expected + 2 * window;

  let delay: number;
  if (t < hotStart) {
    const untilHot = hotStart - t;
    delay = Math.min(untilHot, Math.max(MIN_EARLY_GAP_MS, untilHot / 2));
  } else if (t <= hotEnd) {
    delay = clamp(expected / 30, HOT_MIN_MS, HOT_MAX_MS);
  } else {
    delay = clamp((t - expected) / 4, LATE_MIN_MS, LATE_MAX_MS);
  }
  if (input.consecutiveErrors > 0) {
    delay = Math.max(delay, Math.min(ERROR_MAX_MS, ERROR_BASE_MS * 2 ** (input.consecutiveErrors - 1)));
  }
  if (input.retryAfterMs !== undefined) delay = Math.max(delay, input.retryAfterMs);
  // The last check happens at the give-up bound, not after it.
  return Math.round(Math.max(1_000, Math.min(delay, remaining)));
}
