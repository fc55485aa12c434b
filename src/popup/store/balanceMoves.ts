import type { SentTransfer } from '../../model/transfer';

/**
 * Whether a change of the stored transfers may have moved the account's balance on the source chain: a transaction
 * of the account's was sent (a new hash), or one of them reached its end (done, failed, reverted). The form then reads
 * the balance again, so Max and the "above balance" check never work from the figure read before that transfer.
 */
export function balanceMoved(
  before: readonly SentTransfer[],
  after: readonly SentTransfer[],
  account: string | undefined,
): boolean {
  const mine = (send: SentTransfer) => !account || send.fromAddress.toLowerCase() === account.toLowerCase();
  const known = new Map(before.filter(mine).map((send) => [send.txHash.toLowerCase(), send]));
  return after.filter(mine).some((send) => {
    const earlier = known.get(send.txHash.toLowerCase());
    return !earlier || (send.final && !earlier.final);
  });
}
