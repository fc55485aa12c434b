/**
 * Looking up a transfer made anywhere, by its source transaction hash or LI.FI's `transactionId` (both 32 bytes of
 * hex): what the popup may send, and what the background answers (src/background/lookup/). Shared so the popup checks
 * what a person typed with the same rule the background's schema applies.
 */

/** A transaction hash or LI.FI's transactionId: 0x and 64 hex digits. */
export const LOOKUP_REF = /^0x[0-9a-fA-F]{64}$/;

/** What a person typed, trimmed, when it can name a transfer; undefined otherwise (said as malformed). */
export function parseLookupRef(text: string): `0x${string}` | undefined {
  const trimmed = text.trim();
  return LOOKUP_REF.test(trimmed) ? (trimmed.toLowerCase() as `0x${string}`) : undefined;
}

/** What a lookup found. Every outcome but `found` records nothing. */
export type LookupAnswer =
  /** Recorded (or already in Activity: `already`), followed from now on like the extension's own transfers. */
  | { kind: 'found'; txHash: `0x${string}`; already: boolean }
  /** No chain with a trusted RPC knows the hash, and the service knows no transfer by it either. */
  | { kind: 'unknown'; chainIds: number[] }
  /** The chain asked (or every chain) has no RPC the extension trusts: nothing could be read. */
  | { kind: 'noRpc' }
  /** The RPCs could not be read (`detail`: the last failure, in words). */
  | { kind: 'unreadable'; detail: string }
  /** The chain knows the transaction, the service knows no transfer by it. */
  | { kind: 'unknownToService'; chainId: number }
  /** Waiting in the node's mempool: what it moves is known once it is mined. */
  | { kind: 'notMined'; chainId: number }
  /** Mined and reverted: nothing left the sender but the gas. */
  | { kind: 'reverted'; chainId: number }
  /** The service describes a transfer the chain does not show (`field`: the first difference). */
  | { kind: 'notThisTransfer'; chainId: number; field: 'hash' | 'chain' | 'sender' | 'token' | 'amount' };
