import { browser } from 'wxt/browser';
import type { TransferRecord } from '../../model/transfer';
import { ALARM_MIN_DELAY_MS } from './schedule';
import type { TransferStore } from './transferStore';
import type { TransferTracker } from './transferTracker';

/**
 * Wakes the tracker when a transfer's `nextCheckAt` comes. One alarm for all transfers (`transfers:poll`), set to
 * the earliest due check: the persisted `nextCheckAt` of each transfer is the schedule, the alarm only the wake-up.
 * Alarms fire no sooner than 30 s in Chrome, so delays below that also get a timer while the worker is awake (see
 * schedule.ts). `start()` runs the due checks and re-creates the alarm on every worker start: an alarm lost to an
 * update or a crash is rebuilt from storage.
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
};

export function createTransferScheduler(deps: {
  store: TransferStore;
  tracker: TransferTracker;
  notifyOnce: (record: TransferRecord) => Promise<void>;
  now: () => number;
  timers?: Timers;
}): TransferScheduler {
  const timers = deps.timers ?? realTimers;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let again = false;

  async function reschedule() {
    const active = Object.values(await deps.store.all()).filter((t) => !t.final);
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    if (active.length === 0) {
      await browser.alarms.clear(POLL_ALARM);
      return;
    }
    const now = deps.now();
    const earliest = Math.min(...active.map((t) => t.nextCheckAt ?? now));
    await browser.alarms.create(POLL_ALARM, { when: Math.max(earliest, now + ALARM_MIN_DELAY_MS) });
    const wait = earliest - now;
    // At least a second: a check that could not store its next time must not spin.
    if (wait < ALARM_MIN_DELAY_MS) timer = timers.set(() => void api.runDue(), Math.max(1_000, wait));
  }

  async function runDueOnce() {
    const now = deps.now();
    // A second of slack: an alarm may fire a little early, and checks due together go together.
    const due = Object.values(await deps.store.all()).filter((t) => !t.final && (t.nextCheckAt ?? 0) <= now + 1_000);
    for (const transfer of due) {
      try {
        await deps.tracker.check(transfer.txHash);
      } catch (err) {
        // One transfer's storage or notification failure must not stop the others.
        console.error('[transfers] check failed', transfer.txHash, err);
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
      for (const record of Object.values(await deps.store.all())) {
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
  };
  return api;
}
