import type { ChainTransaction } from '../../chains/rpcReader';
import type { ApprovedTransaction, Difference } from '../../model/transfer';
import { compareSent } from './compareSent';

/**
 * What a transaction the wallet sent in place of the approved one (same account, same nonce, another hash) is,
 * judged against what the person approved, never against what the wallet calls it. Pure: the read is
 * src/chains/readReplacement.ts, the fold into the record sentCheck.ts.
 */
export type Replacement =
  /** The same call, value and recipient at another fee: the transfer itself, under its new hash. */
  | { kind: 'speedUp' }
  /** Calls nothing, and moves nothing to anyone but the account itself: nothing of the transfer was sent. */
  | { kind: 'cancel' }
  /** Anything else: not what was approved, never called sent. */
  | { kind: 'other'; differences: Difference[] };

export function classifyReplacement(approved: ApprovedTransaction, tx: ChainTransaction): Replacement {
  // Compared as the original would be, its own hash aside: every member the person approved, exactly.
  const differences = compareSent(approved, tx.hash, tx);
  if (differences.length === 0) return { kind: 'speedUp' };
  const toSelf = tx.to !== null && tx.to.toLowerCase() === tx.from.toLowerCase();
  const noCall = tx.input === '0x';
  if (noCall && tx.to !== null && (toSelf || tx.value === 0n)) return { kind: 'cancel' };
  return { kind: 'other', differences };
}
