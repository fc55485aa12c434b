import type { Wire } from '../messaging/wire';
import { readChoice } from '../model/choice';
import type { TransferRecord, TransfersById } from '../model/transfer';

/**
 * The transfer records as storage keeps them (src/storage/transfers.ts) and the popup watches them
 * (./transfersWatch.ts): as the wire writes them (src/messaging/wire.ts), the choice's amounts as decimal strings.
 * Records stored before this codec hold the choice in that same form, so they read as they always did. Plain code,
 * no schema: the choice was checked by its schema (src/model/choiceSchema.ts) when it crossed into the background,
 * before it was stored, and the popup's first paint reads these.
 */
export const readTransfer = <R extends TransferRecord>(record: R | Wire<R>): R => {
  const stored = record as R;
  // A record without a choice (none stored one) is left as it is: reading never loses one.
  return stored.execution?.choice
    ? { ...stored, execution: { ...stored.execution, choice: readChoice(stored.execution.choice) } }
    : stored;
};

/** The records as storage keeps them. */
export type StoredTransfers = Record<string, Wire<TransferRecord>>;

export const readTransfers = (byId: Readonly<Record<string, TransferRecord | Wire<TransferRecord>>>): TransfersById =>
  Object.fromEntries(Object.entries(byId).map(([id, record]) => [id, readTransfer(record)]));
