import type { Wire } from '../messaging/wire';
import type { Execution, SentTransfer, TransferRecord } from '../model/transfer';
import type { StoredTransfers } from './transfersCodec';

/**
 * Version 2 kept two records per transfer: the execution (`local:executions`, keyed by execution ID, with the hashes
 * it sent) and the tracked transfer (`local:transfers`, keyed by the lower-cased hash). Version 3 keeps one record per
 * transfer; this folds the two maps into it. The old shapes are kept here, as they were written, for the migration
 * and its tests only.
 */

/** A tracked transfer as version 2 wrote it: today's sent transaction, without the step it carried out. */
export type LegacyTransferRecord = Omit<SentTransfer, 'step'>;

/** An execution as version 2 wrote it. */
export type LegacyExecutionRecord = Omit<Execution, 'choice'> & {
  /** As stored: amounts as decimal strings. */
  choice: Wire<Execution['choice']>;
  id: string;
  createdAt: number;
  updatedAt: number;
  /** Hash of the current step's transaction once the wallet returned it. */
  txHash?: `0x${string}`;
  /** Hashes of the steps sent so far, in order. */
  stepHashes?: `0x${string}`[];
};

export const LEGACY_EXECUTIONS_KEY = 'local:executions' as const;

/**
 * An execution and the transfers of its hashes become one record; a transfer no execution sent (recorded before
 * executions existed, or reported by the relay) becomes a record of its own, keyed by its hash. Pure.
 */
export function foldLegacyRecords(
  transfers: Readonly<Record<string, LegacyTransferRecord>>,
  executions: Readonly<Record<string, LegacyExecutionRecord>>,
): StoredTransfers {
  const unclaimed = new Map(Object.entries(transfers).map(([hash, t]) => [hash.toLowerCase(), t]));
  const records: StoredTransfers = {};
  for (const legacy of Object.values(executions)) {
    const { id, createdAt, updatedAt, txHash, stepHashes, ...execution } = legacy;
    const hashes = [...new Set([...(stepHashes ?? []), ...(txHash ? [txHash] : [])].map((h) => h.toLowerCase()))];
    const sends: SentTransfer[] = [];
    hashes.forEach((hash, i) => {
      const transfer = unclaimed.get(hash);
      if (!transfer) return;
      unclaimed.delete(hash);
      // Hashes were appended one per send: the i-th is step i, unless a step was sent again after it failed (then
      // the execution's step is where it stood).
      sends.push({ ...transfer, step: Math.min(i, execution.step ?? 0) });
    });
    records[id] = { id, createdAt, updatedAt, execution, sends };
  }
  for (const [hash, transfer] of unclaimed) {
    const record: Wire<TransferRecord> = {
      id: hash,
      createdAt: transfer.createdAt,
      updatedAt: transfer.updatedAt,
      sends: [transfer],
    };
    records[hash] = record;
  }
  return records;
}
