import type { ExecutionPhase, SentTransfer, TransferRecord, TransfersById } from '../../model/transfer';

/** Pure helpers over the stored records (src/model/transfer.ts), for the store and its tests. */

/** The record holding the transaction with this hash (any case), and the transaction. */
export function findSend(
  map: TransfersById,
  txHash: string,
): { record: TransferRecord; send: SentTransfer; index: number } | undefined {
  const key = txHash.toLowerCase();
  for (const record of Object.values(map)) {
    // A sped-up transaction is found by the hash the wallet first returned too (a late report of it).
    const index = record.sends.findIndex(
      (send) => send.txHash.toLowerCase() === key || send.spedUpFrom?.toLowerCase() === key,
    );
    if (index >= 0) return { record, send: record.sends[index]!, index };
  }
  return undefined;
}

/**
 * The record with `send` replacing the transaction of the same hash (or the one it sped up), or appended after the
 * others.
 */
export function withSend(record: TransferRecord, send: SentTransfer): TransferRecord {
  const keys = [send.txHash, send.spedUpFrom].flatMap((hash) => (hash ? [hash.toLowerCase()] : []));
  const index = record.sends.findIndex((s) => keys.includes(s.txHash.toLowerCase()));
  const sends = index >= 0 ? record.sends.map((s, i) => (i === index ? send : s)) : [...record.sends, send];
  return { ...record, sends };
}

/**
 * Records kept. Executions under way or waiting for an answer are always kept; beyond MAX_KEPT_EXECUTIONS, the
 * oldest sent executions are forgotten first (their transactions live on in Activity), then the oldest stopped ones
 * the person never dismissed. Beyond MAX_KEPT_TRANSFERS records, the oldest ones whose transactions all reached an
 * outcome, with no execution left, go; transactions still in flight are always kept.
 */
export const MAX_KEPT_EXECUTIONS = 30;
export const MAX_KEPT_TRANSFERS = 200;

const DROP_ORDER: readonly ExecutionPhase[] = ['sent', 'failed', 'interrupted'];

export function pruneRecords(
  map: TransfersById,
  maxExecutions = MAX_KEPT_EXECUTIONS,
  maxRecords = MAX_KEPT_TRANSFERS,
): TransfersById {
  let next = map;
  const executions = Object.values(next).filter((r) => r.execution);
  if (executions.length > maxExecutions) {
    const forget = executions
      .filter((r) => DROP_ORDER.includes(r.execution!.phase))
      .sort(
        (a, b) =>
          DROP_ORDER.indexOf(a.execution!.phase) - DROP_ORDER.indexOf(b.execution!.phase) || a.updatedAt - b.updatedAt,
      )
      .slice(0, executions.length - maxExecutions);
    next = { ...next };
    for (const record of forget) {
      // The execution goes; what it sent stays in the history.
      const { execution: _gone, ...rest } = record;
      if (rest.sends.length > 0) next[record.id] = rest;
      else delete next[record.id];
    }
  }
  const records = Object.values(next);
  if (records.length <= maxRecords) return next;
  const drop = new Set(
    records
      .filter((r) => !r.execution && r.sends.every((s) => s.final))
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, records.length - maxRecords)
      .map((r) => r.id),
  );
  return Object.fromEntries(Object.entries(next).filter(([id]) => !drop.has(id)));
}
