import { storage } from '#imports';
import type { TransferRecord, TransfersById } from '../model/transfer';
import { readTransfer } from './transfersCodec';

/** The one storage item holding every transfer; src/storage/transfers.ts defines it, with its migrations. */
export const TRANSFERS_KEY = 'local:transfers' as const;

/**
 * Every record, each time the background writes them, for a reader that only watches (the popup). Defining the item
 * there instead would run its migration check on every opening: two reads of the whole map while the popup paints,
 * of a value only the background writes and migrates, and the migrations' code in the popup's first-paint bundle.
 */
export const watchTransfers = (listener: (records: TransferRecord[]) => void): (() => void) =>
  storage.watch<TransfersById>(TRANSFERS_KEY, (value) => listener(Object.values(value ?? {}).map(readTransfer)));
