import { LOCAL_STATUS } from '../../model/localStatus';
import type { SentTransfer } from '../../model/transfer';
import { applySentRead, lateReadDelay, type SentReadOutcome, watchNonce } from './sentCheck';

/**
 * A sent transaction still not mined when its sent check settled (verified pending, past SENT_CHECK_BOUND_MS) can
 * still be sped up or cancelled in the wallet, an hour or a day later: its nonce stays watched through the trusted RPC
 * on a calm cadence (lateReadDelay) for as long as the transfer is not final, beside the status checks and without
 * spending the service's requests. Pure: the tracker reads (transferTracker.ts: watchNonce), the scheduler wakes it.
 */

/** Whether the record's transaction is settled as the person's but not read mined yet: its nonce is still watched. */
export const watchingLate = (record: SentTransfer): boolean =>
  !record.final && record.sentCheck.state === 'verified' && record.nonceWatch !== undefined;

/** When its next late read is due (a record stored before the cadence existed is due at once); undefined: none. */
export const lateReadAt = (record: SentTransfer): number | undefined =>
  watchingLate(record) ? (record.nonceWatch?.nextReadAt ?? 0) : undefined;

/**
 * Folds one late read. Mined: the watch ends (a revert is said at its receipt, as the sent check says it). Something
 * else mined at its nonce: judged as the sent check judges it, so a speed-up is followed under its new hash (read back
 * and compared before anything more is asked of the service), a cancel says so, anything else is a warning. Nothing
 * new, or a failed read: the next read is planned, the search going on from the last block read.
 */
export function applyLateRead(record: SentTransfer, outcome: SentReadOutcome, now: number): SentTransfer {
  if (!watchingLate(record) || !record.nonceWatch) return record;
  const next = now + lateReadDelay(now - record.createdAt);
  const calm: SentTransfer = { ...record, nonceWatch: { ...record.nonceWatch, nextReadAt: next } };
  if (outcome.kind !== 'read' || outcome.read.rpcChainId !== record.approvedTx.chainId) return calm;
  const { read, replacement } = outcome;
  const replaced =
    replacement?.kind === 'mined' && replacement.transaction.hash.toLowerCase() !== record.txHash.toLowerCase();
  if (!read.receipt && !replaced) return watchNonce(calm, outcome);
  const folded = applySentRead({ ...record, sentCheck: { state: 'pending', attempts: 0 } }, outcome, now);
  if (folded.txHash === record.txHash) return folded;
  // Followed under a new hash: the service has not seen that one yet, so its answers start again (not LOST at once).
  return { ...folded, status: record.status === 'NOT_FOUND' ? LOCAL_STATUS.submitted : folded.status, checks: 0 };
}
