import { browser } from 'wxt/browser';
import type { SentTransfer } from '../../model/transfer';
import type { ArrivalWatch } from '../arrival/arrivalWatch';
import { lateReadAt } from './lateNonceWatch';
import { ALARM_MIN_DELAY_MS, MIN_CHECK_GAP_MS } from './schedule';
import type { TransferStore } from './transferStore';
import type { TransferTracker } from './transferTracker';

/**
 * Wakes the tracker when a transfer's `nextCheckAt` or its next chain read (src/background/arrival/) comes. One
 * alarm for all transfers (`transfers:poll`), set to the earliest of them: the persisted times are the schedule, the
 * alarm only the wake-up. Alarms fire no sooner than 30 s in Chrome, so delays below that also get a timer while the
 * worker is awake (see schedule.ts). With nothing in flight there is no alarm and no timer. `start()` runs what is
 * due and re-creates the alarm on every worker start: an alarm lost to an update or a crash is rebuilt from storage.
 *
 * Each run reads the chains first; a transfer whose funds were just seen gets its confirming status request in the
 * same run (no sooner than MIN_CHECK_GAP_MS after its previous check). Every status request first asks the request
 * budget (src/background/api/requestQueue.ts): when the background's share of the rate-limit window is used up, the
 * check is moved to the time the budget gives instead of being sent or held.
 */
export const POLL_ALARM = 'transfers:poll';

export type Timers = {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
};

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type TransferScheduler = {
  /** Wires the alarm listener (call synchronously at worker start); returns its remover. */
  listen(): () => void;
  /** Drops the in-memory timer (the worker is going away). */
  stopTimer(): void;
  /** Catch-up on start: checks what is due, notifies outcomes not yet notified, re-arms the alarm. */
  start(): Promise<void>;
  /** Runs every due check, then re-arms. Single-flight. */
  runDue(): Promise<void>;
  /** Re-arms the alarm and timer from storage (after a transfer was recorded). */
  reschedule(): Promise<void>;
  /** Epoch ms of the next status check or chain read due, undefined with nothing in flight (the bench steps by it). */
  nextWakeAt(): Promise<number | undefined>;
};

export function createTransferScheduler(deps: {
  store: TransferStore;
  tracker: TransferTracker;
  notifyOnce: (record: SentTransfer) => Promise<void>;
  now: () => number;
  timers?: Timers;
  watch?: ArrivalWatch;
  /** The request budget's answer for one background request: 0 to send now, else when to try. */
  admit?: (urgent: boolean) => number;
}): TransferScheduler {
  const timers = deps.timers ?? realTimers;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let again = false;

  async function nextWakeAt(): Promise<number | undefined> {
    const active = (await deps.store.sends()).filter((t) => !t.final);
    if (active.length === 0) return undefined;
    const now = deps.now();
    const read = await deps.watch?.nextAt(active);
    // A transaction still pending after its sent check settled: its nonce's next read (lateNonceWatch.ts).
    const late = active.map((t) => lateReadAt(t) ?? Number.POSITIVE_INFINITY);
    return Math.min(...active.map((t) => t.nextCheckAt ?? now), ...late, read ?? Number.POSITIVE_INFINITY);
  }

  async function reschedule() {
    const earliest = await nextWakeAt();
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    if (earliest === undefined) {
      await browser.alarms.clear(POLL_ALARM);
      return;
    }
    const now = deps.now();
    await browser.alarms.create(POLL_ALARM, { when: Math.max(earliest, now + ALARM_MIN_DELAY_MS) });
    const wait = earliest - now;
    // At least a second: a check that could not store its next time must not spin.
    if (wait < ALARM_MIN_DELAY_MS) timer = timers.set(() => void api.runDue(), Math.max(1_000, wait));
  }

  /** Moves one transfer's next check (the confirmation waiting for the gap, or a check the budget deferred). */
  const moveCheck = (txHash: string, at: number, keepSooner: boolean) =>
    deps.store.updateSend(txHash, (current) => {
      if (!current || current.final) return undefined;
      const next = keepSooner && current.nextCheckAt !== undefined ? Math.min(current.nextCheckAt, at) : at;
      return next === current.nextCheckAt ? undefined : { ...current, nextCheckAt: next };
    });

  async function runDueOnce() {
    const active = (await deps.store.sends()).filter((t) => !t.final);
    let arrived = new Set<string>();
    try {
      if (deps.watch && active.length > 0) arrived = await deps.watch.runDue(active);
    } catch (err) {
      // The chain watch only makes confirmations sooner: its failure must not stop the status checks.
      console.error('[transfers] chain watch failed', err);
    }
    const now = deps.now();
    for (const given of active) {
      try {
        // The chain's word first, and no service request for it: a speed-up or cancel of a transaction still pending.
        const lateAt = lateReadAt(given);
        const transfer =
          lateAt !== undefined && lateAt <= now + 1_000 ? await deps.tracker.watchNonce(given.txHash) : given;
        if (!transfer || transfer.final) continue;
        // A second of slack: an alarm may fire a little early, and checks due together go together.
        const scheduled = (transfer.nextCheckAt ?? 0) <= now + 1_000;
        const confirm = arrived.has(transfer.txHash.toLowerCase());
        if (!scheduled && !confirm) continue;
        // Never two checks of one transfer closer than the gap (the alarm's slack, a confirmation right after a check).
        const lastCheck = transfer.checks + transfer.consecutiveErrors > 0 ? transfer.updatedAt : undefined;
        if (lastCheck !== undefined && now - lastCheck < MIN_CHECK_GAP_MS) {
          await moveCheck(transfer.txHash, lastCheck + MIN_CHECK_GAP_MS, !scheduled);
          continue;
        }
        // A confirmation of funds seen on the chain may use part of the popup's reserve; routine checks may not.
        const urgent = confirm || (await deps.watch?.hints(transfer))?.arrivalSeenAt !== undefined;
        const retryAt = deps.admit?.(urgent) ?? 0;
        if (retryAt > 0) {
          await moveCheck(transfer.txHash, retryAt, false);
          continue;
        }
        await deps.tracker.check(transfer.txHash);
      } catch (err) {
        // One transfer's storage or notification failure must not stop the others.
        console.error('[transfers] check failed', given.txHash, err);
      }
    }
    await reschedule();
  }

  const api: TransferScheduler = {
    listen() {
      const listener = (alarm: { name: string }) => {
        if (alarm.name === POLL_ALARM) void api.runDue();
      };
      browser.alarms.onAlarm.addListener(listener);
      return () => browser.alarms.onAlarm.removeListener(listener);
    },
    stopTimer() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
    },
    async start() {
      // Outcomes recorded by a worker that stopped before notifying.
      for (const record of await deps.store.sends()) {
        if (record.final && record.notifiedAt === undefined) await deps.notifyOnce(record);
      }
      await api.runDue();
    },
    runDue() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await runDueOnce();
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    reschedule,
    nextWakeAt,
  };
  return api;
}
