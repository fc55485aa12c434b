import { RateLimitError } from '../../api/errors';
import { userMessage } from '../../errors/base';
import type { TransferInput, TransferRecord } from '../../model/transfer';
import type { StatusResponse } from '../../schemas/status';
import type { Notifier } from './notifications';
import { nextCheckDelay, type ScheduleInput } from './schedule';
import { applyCheckError, applyStatus, newTransferRecord, stopTracking } from './transferStatus';
import type { TransferStore } from './transferStore';

export type TransferTrackerDeps = {
  store: TransferStore;
  getStatus: (params: { txHash: string }) => Promise<StatusResponse>;
  notifier: Notifier;
  now: () => number;
  /** Where a person can look the source transaction up when tracking gives up. */
  whereToLook: (record: TransferRecord) => Promise<string>;
  /** What the arrival watch (src/background/arrival/) tells the status schedule; none means unwatched. */
  scheduleHints?: (record: TransferRecord) => Promise<ScheduleHints>;
};

export type ScheduleHints = Pick<ScheduleInput, 'watched' | 'arrivalSeenAt'>;

export type TransferTracker = {
  /** Records the transfer (idempotent per hash) before any polling; returns the stored record. */
  record(input: TransferInput): Promise<TransferRecord>;
  /** One status request for one transfer, then the next check time; notifies on a final outcome. */
  check(txHash: string): Promise<TransferRecord | undefined>;
};

const scheduleFor = (record: TransferRecord, now: number, retryAfterMs?: number, hints?: ScheduleHints) =>
  nextCheckDelay({
    now,
    startedAt: record.createdAt,
    expectedMs: record.executionDuration * 1000,
    consecutiveErrors: record.consecutiveErrors,
    retryAfterMs,
    ...hints,
  });

export function createTransferTracker(deps: TransferTrackerDeps): TransferTracker {
  const inFlight = new Map<string, Promise<TransferRecord | undefined>>();

  async function checkOnce(txHash: string): Promise<TransferRecord | undefined> {
    const before = await deps.store.get(txHash);
    if (!before || before.final) return before;

    let retryAfterMs: number | undefined;
    let fold: (r: TransferRecord, now: number) => TransferRecord;
    try {
      const answer = await deps.getStatus({ txHash: before.txHash });
      fold = (r, now) => applyStatus(r, answer, now);
    } catch (err) {
      if (err instanceof RateLimitError) retryAfterMs = err.retryAfterMs;
      const message = userMessage(err);
      fold = (r, now) => applyCheckError(r, message, now);
    }

    const whereToLook = await deps.whereToLook(before);
    const hints = await deps.scheduleHints?.(before);
    const after = await deps.store.update(txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = fold(current, now);
      if (folded.final) return { ...folded, nextCheckAt: undefined };
      const delay = scheduleFor(folded, now, retryAfterMs, hints);
      return delay === null ? stopTracking(folded, now, whereToLook) : { ...folded, nextCheckAt: now + delay };
    });
    if (after?.final) await deps.notifier.notifyOnce(after);
    return after;
  }

  return {
    async record(input) {
      return (await deps.store.update(input.txHash, (current) => {
        // Same hash reported twice (popup retry, double click): the first record stands, with its history.
        if (current) return undefined;
        const now = deps.now();
        const record = newTransferRecord(input, now);
        return { ...record, nextCheckAt: now + (scheduleFor(record, now) ?? 0) };
      }))!;
    },
    check(txHash) {
      const key = txHash.toLowerCase();
      const existing = inFlight.get(key);
      if (existing) return existing;
      const run = checkOnce(txHash).finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },
  };
}
