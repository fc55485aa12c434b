import { RateLimitError } from '../../api/errors';
import { userMessage } from '../../errors/base';
import type { TransferInput, TransferRecord } from '../../model/transfer';
import type { StatusResponse } from '../../schemas/status';
import type { Notifier } from './notifications';
import { nextCheckDelay } from './schedule';
import { applyCheckError, applyStatus, newTransferRecord, stopTracking } from './transferStatus';
import type { TransferStore } from './transferStore';

export type TransferTrackerDeps = {
  store: TransferStore;
  /** Chain IDs from the record: a dialect that omits them in its answer (LI.FI) gets them filled from here. */
  getStatus: (params: { txHash: string; fromChainId: number; toChainId: number }) => Promise<StatusResponse>;
  notifier: Notifier;
  now: () => number;
  /** Where a person can look the source transaction up when tracking gives up. */
  whereToLook: (record: TransferRecord) => Promise<string>;
};

export type TransferTracker = {
  /** Records the transfer (idempotent per hash) before any polling; returns the stored record. */
  record(input: TransferInput): Promise<TransferRecord>;
  /** One status request for one transfer, then the next check time; notifies on a final outcome. */
  check(txHash: string): Promise<TransferRecord | undefined>;
};

const scheduleFor = (record: TransferRecord, now: number, retryAfterMs?: number) =>
  nextCheckDelay({
    now,
    startedAt: record.createdAt,
    expectedMs: record.executionDuration * 1000,
    consecutiveErrors: record.consecutiveErrors,
    retryAfterMs,
  });

export function createTransferTracker(deps: TransferTrackerDeps): TransferTracker {
  const inFlight = new Map<string, Promise<TransferRecord | undefined>>();

  async function checkOnce(txHash: string): Promise<TransferRecord | undefined> {
    const before = await deps.store.get(txHash);
    if (!before || before.final) return before;

    let retryAfterMs: number | undefined;
    let fold: (r: TransferRecord, now: number) => TransferRecord;
    try {
      const { txHash, fromChainId, toChainId } = before;
      const answer = await deps.getStatus({ txHash, fromChainId, toChainId });
      fold = (r, now) => applyStatus(r, answer, now);
    } catch (err) {
      if (err instanceof RateLimitError) retryAfterMs = err.retryAfterMs;
      const message = userMessage(err);
      fold = (r, now) => applyCheckError(r, message, now);
    }

    const whereToLook = await deps.whereToLook(before);
    const after = await deps.store.update(txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = fold(current, now);
      if (folded.final) return { ...folded, nextCheckAt: undefined };
      const delay = scheduleFor(folded, now, retryAfterMs);
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
