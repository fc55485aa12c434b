import type { TransferRecord } from '../../model/transfer';
import { type TransfersByHash, transferKey, transfersItem } from '../../storage/transfers';

/**
 * The persisted transfers are the truth; this wraps them with a write lock. Every change is a read-modify-write
 * of one map, so writes are serialised inside the worker (the only writer): a status answer and a notification
 * mark landing at the same time cannot lose each other's fields.
 */
export type TransferStore = {
  all(): Promise<TransfersByHash>;
  get(txHash: string): Promise<TransferRecord | undefined>;
  /** Newest first. */
  list(): Promise<TransferRecord[]>;
  /** Applies `fn` to the current record under the lock; returning undefined leaves it as is. */
  update(
    txHash: string,
    fn: (current: TransferRecord | undefined) => TransferRecord | undefined,
  ): Promise<TransferRecord | undefined>;
};

/** History kept: the newest transfers; older final ones are dropped when a new one is recorded. */
export const MAX_KEPT_TRANSFERS = 200;

/** Drops the oldest final transfers beyond the cap; transfers still in flight are always kept. */
export function pruneTransfers(map: TransfersByHash, max = MAX_KEPT_TRANSFERS): TransfersByHash {
  const all = Object.entries(map);
  if (all.length <= max) return map;
  const removable = all.filter(([, t]) => t.final).sort(([, a], [, b]) => a.createdAt - b.createdAt);
  const drop = new Set(removable.slice(0, all.length - max).map(([key]) => key));
  return Object.fromEntries(all.filter(([key]) => !drop.has(key)));
}

export function createTransferStore(onChange?: (all: TransfersByHash) => void | Promise<void>): TransferStore {
  let lock: Promise<unknown> = Promise.resolve();
  const all = () => transfersItem.getValue();

  return {
    all,
    get: async (txHash) => (await all())[transferKey(txHash)],
    list: async () => Object.values(await all()).sort((a, b) => b.createdAt - a.createdAt),
    update(txHash, fn) {
      const next = lock.then(async () => {
        const map = await all();
        const key = transferKey(txHash);
        const current = map[key];
        const updated = fn(current);
        if (updated === undefined || updated === current) return current;
        // A new record is the moment to trim the history.
        const nextMap = current ? { ...map, [key]: updated } : pruneTransfers({ ...map, [key]: updated });
        await transfersItem.setValue(nextMap);
        await onChange?.(nextMap);
        return updated;
      });
      lock = next.catch(() => undefined);
      return next;
    },
  };
}
