import {
  type SendOwner,
  type SentTransfer,
  sendsOf,
  type TransferRecord,
  type TransfersById,
} from '../../model/transfer';
import { foldLegacyRecords } from '../../storage/legacyTransfers';
import { legacyExecutions, removeLegacyExecutions, transferRecords } from '../../storage/transfers';
import { readTransfers } from '../../storage/transfersCodec';
import { findSend, pruneRecords, withSend } from './records';

/**
 * The persisted records are the truth; this wraps them with one write lock. Every change is a read-modify-write of
 * one map, so writes are serialised inside the worker (the only writer): the execution's stage, a status answer and
 * a notification mark landing at the same time cannot lose each other's fields.
 */
export type TransferStore = {
  all(): Promise<TransfersById>;
  get(id: string): Promise<TransferRecord | undefined>;
  /** Newest first. */
  list(): Promise<TransferRecord[]>;
  /**
   * Applies `fn` to a record under the lock (`all` is the whole map, to look across records); undefined from `fn`
   * deletes it, the same object changes nothing. Resolves to what is stored afterwards.
   */
  update(
    id: string,
    fn: (current: TransferRecord | undefined, all: TransfersById) => TransferRecord | undefined,
  ): Promise<TransferRecord | undefined>;
  /** Every sent transaction, newest first. */
  sends(): Promise<SentTransfer[]>;
  getSend(txHash: string): Promise<SentTransfer | undefined>;
  /**
   * Applies `fn` to the transaction with this hash (whichever record holds it) under the lock; undefined or the
   * same object changes nothing. Creating one: `fn` gets undefined and its result joins `owner`'s record, or a
   * record of its own keyed by the hash. Resolves to what is stored afterwards.
   */
  updateSend(
    txHash: string,
    fn: (current: SentTransfer | undefined) => SentTransfer | undefined,
    owner?: SendOwner,
  ): Promise<SentTransfer | undefined>;
  /** At worker start: executions an older version stored with no transfer beside them (storage v3's migration). */
  adoptLegacyExecutions(): Promise<void>;
};

export type StoreOptions = {
  /** After every write, with the whole map and the record before and after (undefined: none / deleted). */
  onChange?: (all: TransfersById, before: TransferRecord | undefined, after: TransferRecord | undefined) => unknown;
  /** Applied to a record after one of its sent transactions changed, in the same write (the execution follows it). */
  afterSend?: (record: TransferRecord) => TransferRecord;
};

export function createTransferStore(options: StoreOptions = {}): TransferStore {
  let lock: Promise<unknown> = Promise.resolve();
  const all = () => transferRecords.get();
  const locked = <T>(work: () => Promise<T>): Promise<T> => {
    const next = lock.then(work);
    lock = next.catch(() => undefined);
    return next;
  };
  const own = (map: TransfersById, id: string) => (Object.hasOwn(map, id) ? map[id] : undefined);

  async function write(map: TransfersById, id: string, before?: TransferRecord, after?: TransferRecord) {
    const { [id]: _old, ...rest } = map;
    const next = pruneRecords(after ? { ...rest, [id]: after } : rest);
    await transferRecords.set(next);
    await options.onChange?.(next, before, own(next, id));
  }

  return {
    all,
    get: async (id) => own(await all(), id),
    list: async () => Object.values(await all()).sort((a, b) => b.createdAt - a.createdAt),
    update(id, fn) {
      return locked(async () => {
        const map = await all();
        const current = own(map, id);
        const updated = fn(current, map);
        if (updated === current) return current;
        await write(map, id, current, updated);
        return updated;
      });
    },
    sends: async () => sendsOf(Object.values(await all())),
    getSend: async (txHash) => findSend(await all(), txHash)?.send,
    updateSend(txHash, fn, owner) {
      return locked(async () => {
        const map = await all();
        const found = findSend(map, txHash);
        const updated = fn(found?.send);
        if (updated === undefined || updated === found?.send) return found?.send;
        const host = found?.record ?? (owner && own(map, owner.executionId));
        const id = host?.id ?? txHash.toLowerCase();
        const record: TransferRecord = host
          ? { ...withSend(host, updated), updatedAt: Math.max(host.updatedAt, updated.updatedAt) }
          : { id, createdAt: updated.createdAt, updatedAt: updated.updatedAt, sends: [updated] };
        await write(map, id, host, options.afterSend?.(record) ?? record);
        return updated;
      });
    },
    adoptLegacyExecutions() {
      return locked(async () => {
        const map = await all();
        const legacy = await legacyExecutions();
        if (!legacy) return;
        // Those the migration folded already keep their record; the others become records of their own.
        const adopted = pruneRecords({ ...readTransfers(foldLegacyRecords({}, legacy)), ...map });
        await transferRecords.set(adopted);
        await removeLegacyExecutions();
        await options.onChange?.(adopted, undefined, undefined);
      });
    },
  };
}
