/**
 * What reading a receiving transaction on the destination chain can say. The routing service's DONE (or PARTIAL,
 * REFUNDED) names a receiving transaction; only the destination chain's TRUSTED RPC (src/chains/trustedRpc.ts) says
 * whether it exists, succeeded, and moved at least the minimum shown of the promised token to the chosen recipient.
 * Reasons are structured: the words (Activity, notifications) belong to the caller.
 */

export type ArrivalParams = {
  /** The destination chain (LI.FI's chain IDs: SOLANA_CHAIN_ID for Solana). */
  chainId: number;
  /** The receiving transaction the service reported: a 0x hash, or a base58 signature on Solana. */
  txHash: string;
  /** The chosen recipient: a 0x address, or a base58 key on Solana (the owner of the token account paid). */
  recipient: string;
  /**
   * The promised token: a 0x address (the zero address or 0xEeee… for the native coin), or a base58 SPL mint on
   * Solana (the zero address or the System Program, 1111…1111, for SOL).
   */
  token: string;
  /** Base units of `token`: the least that must have arrived (the minimum the person was shown). */
  minAmount: bigint;
};

/** How the amount was read: the token's Transfer logs in the receipt, a plain coin transfer's value, or balances. */
export type ArrivalMeasure = 'transferLogs' | 'transactionValue' | 'balanceChange';

export type ContradictionReason =
  /** The trusted RPC knows no such transaction (made up, or on another chain). */
  | 'notFound'
  /** It was mined but failed (EVM receipt status 0, Solana `meta.err`). */
  | 'reverted'
  /** It moved nothing of the promised token to anyone, nor anything to the recipient. */
  | 'noTransfer'
  /** Something reached the recipient, but not the promised token. */
  | 'wrongToken'
  /** The promised token moved, but to someone else. */
  | 'wrongRecipient'
  /** The promised token reached the recipient, less than the minimum shown (`amount` says how much). */
  | 'belowMinimum';

export type UnreadableReason =
  /** The extension trusts no RPC for that chain: the arrival is the service's word, not checked. */
  | 'noTrustedRpc'
  /** The trusted RPC did not answer, or answered something unreadable (`detail`). */
  | 'rpcFailed'
  /** The trusted RPC serves another chain than the one asked about (a mistaken override). */
  | 'wrongChain'
  /**
   * The chain cannot tell exactly: a native-coin arrival read from balances, in a block where the recipient also
   * sent a transaction (its own spending hides what arrived).
   */
  | 'notExact';

export type ArrivalCheck =
  /** Read on chain: `amount` (base units of the promised token) reached the recipient, at least the minimum. */
  | { kind: 'confirmed'; amount: bigint; measure: ArrivalMeasure; rpcHost: string }
  /** The chain says otherwise: never "complete". `amount` is what reached the recipient, when known. */
  | { kind: 'contradicted'; reason: ContradictionReason; amount?: bigint; rpcHost: string }
  /** The trusted RPC knows the transaction but it is not in a block yet: read again later. */
  | { kind: 'pending'; rpcHost: string }
  /** Nothing could be read: the service's word stands, unchecked, and must be said to be so. */
  | { kind: 'unreadable'; reason: UnreadableReason; rpcHost?: string; detail?: string };

export type ArrivalReadOptions = {
  /** The person's per-chain RPC overrides (Settings' `rpcUrls`): with the build's pins, the only RPCs read. */
  rpcUrls: Readonly<Record<string, string>>;
  /** Per request; default 8 s. */
  timeoutMs?: number;
  /** Tests of pinned URLs only; by default the build's own kind. */
  storeBuild?: boolean;
};

/** What reached the recipient, against the minimum: confirmed, below it, or (nothing) left to the caller. */
export function judgeAmount(
  amount: bigint,
  minAmount: bigint,
  measure: ArrivalMeasure,
  rpcHost: string,
): ArrivalCheck | undefined {
  if (amount <= 0n) return undefined;
  // A zero minimum still needs something to have arrived.
  if (amount >= (minAmount > 0n ? minAmount : 1n)) return { kind: 'confirmed', amount, measure, rpcHost };
  return { kind: 'contradicted', reason: 'belowMinimum', amount, rpcHost };
}
