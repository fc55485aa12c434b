import { isSolanaAddress } from '../../src/lib/solanaAddress';
import type { ChainDefinition } from '../catalog/chainData';
import { invalidField } from '../http/apiError';

/**
 * Routes that start on Solana. The person signs there with a Solana wallet, so only bridges that take a plain
 * deposit can start one: NEAR Intents (LI.FI's tool key `near`), whose 1Click quote names a one-time deposit address
 * that a System or SPL transfer pays. The deposit is the whole transaction (server/routing/solanaDeposit.ts).
 */

/** How li.quest names SOL itself: the System Program's address (docs.li.fi, "Solana overview"). */
export const SOLANA_SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** Bridges a Solana source can use: those that take a plain deposit to an address. */
export const SOLANA_DEPOSIT_BRIDGES: ReadonlySet<string> = new Set(['near']);

/**
 * Who signs on Solana: a base58 32-byte public key, checked by Solana's own library. An EVM address there names no
 * Solana account at all, so it is refused in words that say which kind the chain needs.
 */
export function solanaSender(value: string, field: string, chain: ChainDefinition): string {
  if (isSolanaAddress(value) && value !== SOLANA_SYSTEM_PROGRAM) return value;
  throw invalidField(
    field,
    /^0x/i.test(value)
      ? `is an EVM address; a ${chain.name} source needs the sender's Solana address (base58 public key)`
      : `must be a Solana address (base58 public key of 32 bytes) for a ${chain.name} source`,
  );
}
