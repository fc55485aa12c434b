import { defineVersionedItem } from './versionedItem';

/**
 * Recipients of transfers actually sent (their sent transaction read back on chain as approved), newest first, for
 * the recipient field to offer again. Only another's address: never the sender's own. Kept on this device only, each
 * removable by the person (the popup), at most RECENT_RECIPIENTS_MAX.
 */
export type RecentRecipient = {
  /** A checksummed 0x address, or a base58 Solana key. */
  address: string;
  /** The kind of chain it receives on: an EVM address is offered for EVM destinations, a Solana key for Solana. */
  chainType: 'EVM' | 'SOLANA';
  /** When a transfer to it was last sent (epoch ms). */
  sentAt: number;
};

export const RECENT_RECIPIENTS_MAX = 5;

export const recentRecipientsItem = defineVersionedItem<RecentRecipient[]>('local:recentRecipients', {
  fallback: [],
  migrations: {},
});

const same = (a: RecentRecipient, b: { address: string; chainType: string }) =>
  a.chainType === b.chainType &&
  (a.chainType === 'EVM' ? a.address.toLowerCase() === b.address.toLowerCase() : a.address === b.address);

/** The list with `recipient` first (once), cut to the most recent RECENT_RECIPIENTS_MAX. */
export function withRecipient(list: readonly RecentRecipient[], recipient: RecentRecipient): RecentRecipient[] {
  return [recipient, ...list.filter((known) => !same(known, recipient))].slice(0, RECENT_RECIPIENTS_MAX);
}

/** The list without `recipient`. */
export function withoutRecipient(
  list: readonly RecentRecipient[],
  recipient: { address: string; chainType: string },
): RecentRecipient[] {
  return list.filter((known) => !same(known, recipient));
}
