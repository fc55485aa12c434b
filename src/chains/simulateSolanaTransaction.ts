import { type Address, type Base64EncodedWireTransaction, createSolanaRpc } from '@solana/kit';

export type SimulateSolanaTransactionParameters = {
  rpcUrl: string;
  /** The serialized transaction, base64, signatures empty (it is simulated unsigned). */
  transaction: string;
  /** Accounts to read as they would be after the transaction. */
  addresses: readonly string[];
  timeoutMs?: number;
};

/** One account after the simulation, or null when it would not exist. */
export type SimulatedAccount = { lamports: bigint; owner: string; data: string; space: bigint } | null;

export type SimulateSolanaTransactionReturnType = {
  /** null when it would succeed. */
  err: unknown;
  logs: readonly string[];
  accounts: readonly SimulatedAccount[];
  /** Lamports of every account of the message before and after, in its order (null from nodes that omit them). */
  preBalances: readonly bigint[] | null;
  postBalances: readonly bigint[] | null;
  /** Token balances of the message's token accounts before and after (null from nodes that omit them). */
  preTokenBalances: readonly SimulatedTokenBalance[] | null;
  postTokenBalances: readonly SimulatedTokenBalance[] | null;
};

/** One token account's balance, by its index among the message's accounts. */
export type SimulatedTokenBalance = { accountIndex: number; mint: string; owner: string | undefined; amount: bigint };

/**
 * The transaction run through the trusted Solana RPC without landing (`simulateTransaction`): signatures not
 * verified and the blockhash replaced by the latest, as a wallet's own preview does (freshness is checked apart),
 * with `addresses` read back as the transaction would leave them.
 */
export async function simulateSolanaTransaction({
  rpcUrl,
  transaction,
  addresses,
  timeoutMs = 15_000,
}: SimulateSolanaTransactionParameters): Promise<SimulateSolanaTransactionReturnType> {
  const { value } = await createSolanaRpc(rpcUrl)
    .simulateTransaction(transaction as Base64EncodedWireTransaction, {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: 'confirmed',
      accounts: { encoding: 'base64', addresses: addresses as Address[] },
    })
    .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  if (value.err === null && value.accounts.length !== addresses.length) {
    throw new Error(`simulateTransaction answered ${value.accounts.length} accounts for ${addresses.length}`);
  }
  return {
    err: value.err,
    logs: value.logs ?? [],
    accounts: (value.accounts ?? []).map((account) =>
      account === null
        ? null
        : { lamports: account.lamports, owner: account.owner, data: account.data[0], space: account.space },
    ),
    preBalances: value.preBalances ?? null,
    postBalances: value.postBalances ?? null,
    preTokenBalances: value.preTokenBalances?.map(tokenBalance) ?? null,
    postTokenBalances: value.postTokenBalances?.map(tokenBalance) ?? null,
  };
}

function tokenBalance(balance: {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string };
}): SimulatedTokenBalance {
  return {
    accountIndex: Number(balance.accountIndex),
    mint: balance.mint,
    owner: balance.owner,
    amount: BigInt(balance.uiTokenAmount.amount),
  };
}
