import { storage } from '#imports';
import { toWire } from '../messaging/wire';
import type { TransfersById } from '../model/transfer';
import {
  foldLegacyRecords,
  LEGACY_EXECUTIONS_KEY,
  type LegacyExecutionRecord,
  type LegacyTransferRecord,
} from './legacyTransfers';
import { readTransfers, type StoredTransfers } from './transfersCodec';
import { TRANSFERS_KEY } from './transfersWatch';
import { defineVersionedItem } from './versionedItem';

/** Executions an older version stored, not folded yet (see version 3 below). */
export const legacyExecutions = async (): Promise<Record<string, LegacyExecutionRecord> | undefined> =>
  (await storage.getItem<Record<string, LegacyExecutionRecord>>(LEGACY_EXECUTIONS_KEY)) ?? undefined;

/** The executions' old item, once folded into this one. */
export const removeLegacyExecutions = () => storage.removeItem(LEGACY_EXECUTIONS_KEY, { removeMeta: true });

/**
 * Every transfer the person confirmed, with its execution and the transactions it sent, keyed by record ID (the
 * execution's, or the hash of a transfer recorded without one). One map rather than one key per transfer: the popup
 * lists them all with one read and watches one key; writes are serialised by the background's transfer store
 * (src/background/transfers/transferStore.ts). Local storage, written before the wallet is asked anything: a browser
 * restart in the middle leaves a record that says where the flow stopped. Readable by extension pages only
 * (restrictLocalStorage). Its key is in ./transfersWatch.ts, with the popup's watch of it.
 *
 * Version 2 added `sentCheck` (the trusted RPC's word on the sent transaction) and `approvedTx`. Records from before
 * have no approved transaction to compare with: they are marked `notChecked` (said so in Activity) and keep being
 * tracked as they were.
 * Version 3 folds the executions (`local:executions`) and the transfers keyed by hash into one record per transfer
 * (src/storage/legacyTransfers.ts), then drops the executions' item. WXT migrates only a stored value: executions
 * stored with no transfer beside them are folded at the background's start (transferStore.adoptLegacyExecutions).
 * An execution's `passed` (the stages its latest attempt went through) came later, within version 3 and with no
 * migration, which could not have known them: a record without it is read as such (stagesPassed, src/model/transfer.ts).
 * A sent transaction's `nonceWatch` and `spedUpFrom` (a transaction the wallet replaced at its nonce) came within
 * version 3 too, optional and with no migration: a record without them was never seen replaced. So did
 * `nonceAtSend` (the account's nonce read before the wallet was asked) and `nonceWatch`'s `beforeSend`, `otherThere`
 * and `nextReadAt` (a replacement looked for after the sent check settled): a record without them has no guessed
 * nonce, and one still watched without `nextReadAt` is read at its next wake-up, then on the calm cadence.
 * The choice (TransferChoice, bigint amounts) is stored as the wire writes it, decimal strings, as every version
 * stored it: no migration; ./transfersCodec.ts reads it back.
 */
export const transfersItem = defineVersionedItem<StoredTransfers>(TRANSFERS_KEY, {
  fallback: {},
  migrations: {
    2: (v1) =>
      Object.fromEntries(
        Object.entries((v1 ?? {}) as Record<string, Record<string, unknown>>).map(([key, record]) => [
          key,
          { sentCheck: { state: 'notChecked' }, ...record },
        ]),
      ),
    3: async (v2) =>
      foldLegacyRecords((v2 ?? {}) as Record<string, LegacyTransferRecord>, (await legacyExecutions()) ?? {}),
  },
  onMigrationComplete: () => void removeLegacyExecutions(),
});

/**
 * The records as the background reads and writes them, through the one codec: the choice's amounts bigint here,
 * decimal strings in storage (./transfersCodec.ts). `transfersItem` is the stored form itself, for its migrations.
 */
export const transferRecords = {
  get: async (): Promise<TransfersById> => readTransfers(await transfersItem.getValue()),
  set: (records: TransfersById): Promise<void> => transfersItem.setValue(toWire(records)),
};

export const transferKey = (txHash: string): string => txHash.toLowerCase();
