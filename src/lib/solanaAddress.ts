import { type Address, getAddressDecoder, getAddressEncoder, isAddress } from '@solana/addresses';
import { bytesToHex, hexToBytes } from 'viem';

/**
 * A Solana address: the base58 text of a 32-byte public key, checked by Solana's own library (length, alphabet and
 * size after decoding), never by a hand-written pattern.
 */
export function isSolanaAddress(value: unknown): value is Address {
  return typeof value === 'string' && isAddress(value);
}

/** The 32-byte word an EVM contract carries for a Solana address (LI.FI's `receiverAddress`, a mint). */
export function solanaAddressToWord(address: string): `0x${string}` {
  if (!isSolanaAddress(address)) throw new Error(`not a Solana address: ${address}`);
  return bytesToHex(new Uint8Array(getAddressEncoder().encode(address)));
}

/** The Solana address of a 32-byte word read from calldata or an event. */
export function wordToSolanaAddress(word: `0x${string}`): string {
  const bytes = hexToBytes(word);
  if (bytes.length !== 32) throw new Error(`a Solana address is 32 bytes, got ${bytes.length}`);
  return getAddressDecoder().decode(bytes);
}
