import type { SolanaDevnet } from '../../server/devnet/solana';
import { DEV_SOLANA_ADDRESS } from './keys';

/** USDC on Solana: the devnet mints it at its mainnet address. */
export const SOLANA_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** What the Dev Wallet's Solana account holds on a fresh devnet: 25 SOL and 1,000 USDC. */
export const DEV_SOLANA_FUNDS = { lamports: 25_000_000_000n, usdc: 1_000_000_000n } as const;

/**
 * Funds the Dev Wallet's Solana account on the devnet's VM, as anvil funds its EVM accounts: SOL from the devnet's
 * faucet and USDC from the relayer's inventory, in real transactions. Run once per devnet (the harness and
 * `npm start` do); idempotent it is not: each call adds the same again.
 */
export async function fundDevSolanaWallet(solana: SolanaDevnet): Promise<void> {
  await solana.transferSol(DEV_SOLANA_ADDRESS, DEV_SOLANA_FUNDS.lamports);
  await solana.fund(DEV_SOLANA_ADDRESS, SOLANA_USDC_MINT, DEV_SOLANA_FUNDS.usdc);
}
