import type { ExpectedTransfer, SendOwner } from '../model/transfer';
import { defineVersionedItem } from './versionedItem';

/**
 * Transfers the popup is about to ask a tab's wallet to send, keyed by the popup's random watch ID. If the popup
 * closes while the wallet decides, the relay content script in that tab reports the hash, and the background
 * records the transfer from what is kept here. Session storage: it survives the service worker being stopped while
 * the wallet waits, is not readable by content scripts (the default access level), and a browser restart closes
 * the tab (and its relay) anyway.
 */
export type ExpectedTransferEntry = {
  /** The tab whose relay may report this send; a report from any other tab is refused. */
  tabId: number;
  transfer: ExpectedTransfer;
  /** The execution and step sending it: the reported hash joins that record (absent in entries from before v3). */
  owner?: SendOwner;
  /** ms since epoch. */
  expiresAt: number;
};

export type ExpectedTransfersById = Record<string, ExpectedTransferEntry>;

/**
 * Version 2 added `approvedTx` to each transfer: an older entry has nothing to check the sent transaction against,
 * so it is dropped (at worst, a send that straddles the update is recorded by the popup itself, not the relay).
 * A transfer's `nonceAtSend` (the account's nonce read right before the wallet was asked) came within version 2,
 * optional and with no migration: an entry without it was registered before, or its read gave nothing.
 */
export const expectedTransfersItem = defineVersionedItem<ExpectedTransfersById>('session:expectedTransfers', {
  fallback: {},
  migrations: { 2: () => ({}) },
});
