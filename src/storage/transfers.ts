import type { TransferRecord } from '../model/transfer';
import { defineVersionedItem } from './versionedItem';

/**
 * Every tracked transfer, keyed by the lower-cased source transaction hash (so reporting the same hash twice, in
 * any case, is one record). One map rather than one key per transfer: the popup lists them all with one read and
 * watches one key; writes are serialised by the background's transfer store.
 */
export type TransfersByHash = Record<string, TransferRecord>;

export const TRANSFERS_KEY = 'local:transfers' as const;

/**
 * Version 2 added `sentCheck` (the trusted RPC's word on the sent transaction) and `approvedTx`. Records from before
 * have no approved transaction to compare with: they are marked `notChecked` (said so in Activity) and keep being
 * tracked as they were.
 */
export const transfersItem = defineVersionedItem<TransfersByHash>(TRANSFERS_KEY, {
  fallback: {},
  migrations: {
    2: (v1) =>
      Object.fromEntries(
        Object.entries((v1 ?? {}) as Record<string, Record<string, unknown>>).map(([key, record]) => [
          key,
          { sentCheck: { state: 'notChecked' }, ...record },
        ]),
      ),
  },
});

export const transferKey = (txHash: string): string => txHash.toLowerCase();
