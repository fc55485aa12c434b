import type { TransferRecord } from '../model/transfer';
import { defineVersionedItem } from './versionedItem';

/**
 * Every tracked transfer, keyed by the lower-cased source transaction hash (so reporting the same hash twice, in
 * any case, is one record). One map rather than one key per transfer: the popup lists them all with one read and
 * watches one key; writes are serialised by the background's transfer store.
 */
export type TransfersByHash = Record<string, TransferRecord>;

export const TRANSFERS_KEY = 'local:transfers' as const;

export const transfersItem = defineVersionedItem<TransfersByHash>(TRANSFERS_KEY, { fallback: {}, migrations: {} });

export const transferKey = (txHash: string): string => txHash.toLowerCase();
