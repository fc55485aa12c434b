import type { Wire } from '../../src/messaging/wire';
import type { Execution, SentTransfer, TransferRecord } from '../../src/model/transfer';

/**
 * What the tests read of the stored `transfers` item (src/storage/transfers.ts): one record per transfer, holding its
 * execution and the transactions it sent. Pure, so a test reads the item its own way and passes the value here.
 */

/** As storage holds them: the choice's amounts as decimal strings (src/storage/transfersCodec.ts). */
const records = (stored: unknown): Wire<TransferRecord>[] =>
  Object.values((stored ?? {}) as Record<string, Wire<TransferRecord>>);

/** Every stored transaction, newest first. */
export const storedSends = (stored: unknown): SentTransfer[] =>
  records(stored)
    .flatMap((record) => record.sends)
    .sort((a, b) => b.createdAt - a.createdAt);

/** The stored transactions by lower-cased hash. */
export const sendsByHash = (stored: unknown): Record<string, SentTransfer> =>
  Object.fromEntries(storedSends(stored).map((send) => [send.txHash.toLowerCase(), send]));

/** The stored executions, newest first, each with its record's ID and the hashes it sent. */
export const storedExecutions = (
  stored: unknown,
): (Wire<Execution> & { id: string; createdAt: number; hashes: string[] })[] =>
  records(stored)
    .filter((record) => record.execution)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((record) => ({
      ...record.execution!,
      id: record.id,
      createdAt: record.createdAt,
      hashes: record.sends.map((send) => send.txHash),
    }));
