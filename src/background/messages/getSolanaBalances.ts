import * as v from 'valibot';
import { readSolanaBalance } from '../../chains/readSolanaBalance';
import { readSolanaTokenAccounts } from '../../chains/readSolanaTokenAccounts';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { SolanaAddressSchema } from '../../schemas/chainAddress';
import { backgroundMessage } from './define';

/** Token holdings listed at most (a wallet full of dust mints is cut, largest holdings kept). */
const MAX_TOKENS = 50;

export type SolanaBalances =
  | { read: true; lamports: bigint; tokens: { mint: string; amount: bigint }[] }
  | { read: false };

/**
 * getSolanaBalances: the SOL and SPL tokens (SPL Token and Token-2022) a Solana account holds, beside the popup's
 * Solana wallet, read through the Solana RPC the extension trusts (pinned, or the person's from Settings), never
 * the page's wallet. Token accounts of one mint are summed; empty ones are left out. `read: false` when there is
 * no trusted Solana RPC or it could not be read: nothing is guessed.
 */
export const getSolanaBalances = backgroundMessage({
  access: 'page',
  schema: v.object({ owner: SolanaAddressSchema }),
  run: async ({ owner }, { chainReads }): Promise<SolanaBalances> => {
    const rpcUrl = await chainReads.rpcUrl(SOLANA_CHAIN_ID);
    if (!rpcUrl) return { read: false };
    try {
      const [lamports, accounts] = await Promise.all([
        readSolanaBalance({ rpcUrl, owner }),
        readSolanaTokenAccounts({ rpcUrl, owner }),
      ]);
      const byMint = new Map<string, bigint>();
      for (const account of accounts) byMint.set(account.mint, (byMint.get(account.mint) ?? 0n) + account.amount);
      const tokens = [...byMint]
        .filter(([, amount]) => amount > 0n)
        .sort(([, a], [, b]) => (a === b ? 0 : a > b ? -1 : 1))
        .slice(0, MAX_TOKENS)
        .map(([mint, amount]) => ({ mint, amount }));
      return { read: true, lamports, tokens };
    } catch {
      return { read: false };
    }
  },
});
