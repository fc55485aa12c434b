import type { ApprovedTransaction, ExpectedTransfer, SendOwner } from '../../model/transfer';
import { type ExpectedTransfersById, expectedTransfersItem } from '../../storage/expectedTransfers';
import { UnknownWatchError } from '../errors';

/**
 * How long a registered send may take to come back. A person may leave a wallet window open for a while, but a
 * hash half an hour late is more likely from a page than from them; the relay keeps listening as long (see
 * WATCH_KEEPALIVE_MS in src/wallet/pageChannel.ts).
 */
export const EXPECTATION_TTL_MS = 30 * 60_000;
/** A popup registers one per Send click; a few retries in half an hour is the real use. Oldest go first. */
export const MAX_EXPECTATIONS = 20;

export type Expectations = {
  /** Registers (or replaces) what `watchId` will send from `tabId`, for `owner`'s record when an execution sends it. */
  expect(watchId: string, tabId: number, transfer: ExpectedTransfer, owner?: SendOwner): Promise<void>;
  /**
   * Runs `use` with the expected transfer when `watchId` is registered, unexpired and for `tabId`, then deletes it;
   * otherwise throws UnknownWatchError and changes nothing. Under the lock, so a duplicate report waits for the
   * first and is then refused (the first already recorded the transfer).
   */
  claim<T>(
    watchId: string,
    tabId: number,
    use: (transfer: ExpectedTransfer, owner: SendOwner | undefined) => Promise<T>,
  ): Promise<T>;
  /** Drops expired entries (on start: the worker may have slept through their expiry). */
  purge(): Promise<void>;
  /**
   * The account's nonce read when this very transaction was registered (`nonceAtSend`), for the signing flow's own
   * record of it, which knows no watch ID. Undefined when none is registered or the read gave nothing.
   */
  nonceFor(approved: ApprovedTransaction): Promise<number | undefined>;
};

/** The account's next nonce on a chain through its trusted RPC (trustedReads.ts: readNonceBeforeSend). */
export type ReadNonce = (chainId: number, from: `0x${string}`) => Promise<number | undefined>;

const live = (map: ExpectedTransfersById, now: number): ExpectedTransfersById =>
  Object.fromEntries(Object.entries(map).filter(([, e]) => e.expiresAt > now));

/**
 * `readNonce`: read right before each registration, that is right before the wallet is asked to send, so the
 * transaction's nonce is known even if the trusted RPC never sees it (a replacement is looked for there).
 */
export function createExpectations(now: () => number, readNonce?: ReadNonce): Expectations {
  // Read-modify-write of one map: serialised like the transfer store, so two registrations cannot lose each other.
  let lock: Promise<unknown> = Promise.resolve();
  const locked = <T>(work: () => Promise<T>): Promise<T> => {
    const next = lock.then(work);
    lock = next.catch(() => undefined);
    return next;
  };

  return {
    async expect(watchId, tabId, given, owner) {
      const { chainId, from } = given.approvedTx;
      const nonceAtSend = given.nonceAtSend ?? (await readNonce?.(chainId, from));
      const transfer = nonceAtSend === undefined ? given : { ...given, nonceAtSend };
      return locked(async () => {
        const t = now();
        const entries = Object.entries(live(await expectedTransfersItem.getValue(), t)).filter(
          ([id]) => id !== watchId,
        );
        entries.push([watchId, { tabId, transfer, ...(owner ? { owner } : {}), expiresAt: t + EXPECTATION_TTL_MS }]);
        entries.sort(([, a], [, b]) => a.expiresAt - b.expiresAt);
        await expectedTransfersItem.setValue(Object.fromEntries(entries.slice(-MAX_EXPECTATIONS)));
      });
    },
    claim(watchId, tabId, use) {
      return locked(async () => {
        const map = await expectedTransfersItem.getValue();
        const entry = Object.hasOwn(map, watchId) ? map[watchId] : undefined;
        if (!entry) throw new UnknownWatchError('not registered (or already reported)');
        if (entry.expiresAt <= now()) throw new UnknownWatchError('expired');
        if (entry.tabId !== tabId) throw new UnknownWatchError(`registered for another tab than ${tabId}`);
        // Recorded first, deleted after: a failure in between leaves the expectation for a repeated report.
        const result = await use(entry.transfer, entry.owner);
        const { [watchId]: _claimed, ...rest } = await expectedTransfersItem.getValue();
        await expectedTransfersItem.setValue(rest);
        return result;
      });
    },
    async nonceFor(approved) {
      const entries = Object.values(live(await expectedTransfersItem.getValue(), now()));
      return entries.findLast((e) => sameTransaction(e.transfer.approvedTx, approved))?.transfer.nonceAtSend;
    },
    purge() {
      return locked(async () => {
        const map = await expectedTransfersItem.getValue();
        const kept = live(map, now());
        if (Object.keys(kept).length !== Object.keys(map).length) await expectedTransfersItem.setValue(kept);
      });
    },
  };
}

const sameTransaction = (a: ApprovedTransaction, b: ApprovedTransaction) =>
  a.chainId === b.chainId &&
  a.from.toLowerCase() === b.from.toLowerCase() &&
  a.to.toLowerCase() === b.to.toLowerCase() &&
  a.data.toLowerCase() === b.data.toLowerCase() &&
  BigInt(a.value) === BigInt(b.value);
