import { type Address, getAddress, isAddress as viemIsAddress } from 'viem';
import { BaseError } from '../errors/base';

export class AddressError extends BaseError {
  override name = 'AddressError';
  constructor(input: string) {
    super('This is not a valid address.', { details: `Input: ${JSON.stringify(input)}` });
  }
}

/**
 * A 0x-prefixed 20-byte address. All-lower or all-upper case is accepted as is; mixed case must carry a correct
 * EIP-55 checksum, because a wrong one usually means a typo.
 */
export function isAddress(value: unknown): value is Address {
  if (typeof value !== 'string') return false;
  // viem's strict mode only exempts lower case; EIP-55 exempts a single case either way.
  const body = value.slice(2);
  if (value.startsWith('0x') && body === body.toUpperCase()) return viemIsAddress(value.toLowerCase());
  return viemIsAddress(value, { strict: true });
}

/** EIP-55 checksummed form; throws AddressError for anything that is not a valid address. */
export function checksumAddress(value: string): Address {
  if (!isAddress(value.trim())) throw new AddressError(value);
  return getAddress(value.trim());
}

/**
 * Text shaped like a Solana key (base58, 32 to 44 characters): for display and for choosing a message only. Whether
 * it is one is Solana's library's to say (solanaAddress.ts), where an address enters.
 */
export const looksLikeSolanaAddress = (value: string): boolean => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);

/** "0x1234…abcd" (or "7EcD…FLtV" for a Solana key) for display; anything else is returned unchanged. */
export function shortAddress(value: string, chars = 4): string {
  if (looksLikeSolanaAddress(value)) return `${value.slice(0, chars)}…${value.slice(-chars)}`;
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return value;
  return `${value.slice(0, 2 + chars)}…${value.slice(-chars)}`;
}

/** Same address regardless of case; false when either side is missing or not an address. */
export function sameAddress(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false;
  if (!/^0x[0-9a-fA-F]{40}$/.test(a) || !/^0x[0-9a-fA-F]{40}$/.test(b)) return false;
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The same address on its chain: EVM addresses in any case, anything else (Solana keys, validated where they enter)
 * exactly, since base58 is case-sensitive.
 */
export function sameChainAddress(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return sameAddress(a, b) || (a !== '' && !/^0x/i.test(a) && a === b);
}
