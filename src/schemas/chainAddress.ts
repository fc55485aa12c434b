import * as v from 'valibot';
import { isSolanaAddress } from '../lib/solanaAddress';
import { AddressSchema, TxHashSchema } from './primitives';

/*
 * Addresses and hashes of any chain the service lists, EVM or Solana. Their own module: Solana's address library
 * comes with them, and the popup's first paint needs none of it (it loads the check when Solana is picked).
 */

/** A Solana address (base58 public key of 32 bytes), checked by Solana's own library. */
export const SolanaAddressSchema = v.pipe(
  v.string(),
  v.check((value) => isSolanaAddress(value), 'must be a base58 Solana address (32-byte public key)'),
);

/**
 * An address on a chain the service lists: a 0x address on EVM chains, a base58 key on Solana (receivers and SPL
 * mints). Which one a field must hold depends on its chain, which the reader checks where it knows the chain.
 */
export const ChainAddressSchema = v.union(
  [AddressSchema, SolanaAddressSchema],
  'must be a 0x-prefixed 20-byte hex address or a base58 Solana address',
);

/** A Solana transaction signature: 64 bytes in base58 (the receiving leg of a transfer to Solana). */
export const SolanaSignatureSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 Solana transaction signature'),
);

/** A transaction on any chain the service lists: a 0x hash on EVM chains, a base58 signature on Solana. */
export const ChainTxHashSchema = v.union(
  [TxHashSchema, SolanaSignatureSchema],
  'must be a 0x-prefixed 32-byte hex hash or a base58 Solana signature',
);
