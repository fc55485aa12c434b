import type { MaybeEncodedAccount } from '@solana/kit';
import type { SolanaTokenBalance } from './solanaTransactions';

/**
 * The shapes Solana's JSON-RPC answers in, shared by the devnet's methods (server/devnet/solanaRpc.ts and the files
 * beside it), and its error.
 */

/** A JSON-RPC error: its code and message are what a real node answers for the same request. */
export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** `rentEpoch` of every rent-exempt account: u64::MAX. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;

/** An account as `encoding: 'base64'` answers it, or null when it does not exist. */
export function accountJson(account: MaybeEncodedAccount) {
  if (!account.exists) return null;
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'] as const,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  };
}

/** An amount in base units as `uiTokenAmount` writes it. */
export function tokenAmountJson(amount: bigint, decimals: number) {
  const whole = 10n ** BigInt(decimals);
  const units = amount / whole;
  const fraction = (amount % whole).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${units}.${fraction}` : `${units}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** One entry of `meta.preTokenBalances`/`postTokenBalances`. */
export function tokenBalanceJson(balance: SolanaTokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: tokenAmountJson(balance.amount, balance.decimals),
  };
}
