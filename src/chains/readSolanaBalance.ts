import { address, createSolanaRpc } from '@solana/kit';

export type ReadSolanaBalanceParameters = { rpcUrl: string; owner: string; timeoutMs?: number };
export type ReadSolanaBalanceReturnType = bigint;

/** The lamports `owner` holds, as the trusted Solana RPC says (`getBalance`, confirmed). */
export async function readSolanaBalance({
  rpcUrl,
  owner,
  timeoutMs = 8_000,
}: ReadSolanaBalanceParameters): Promise<ReadSolanaBalanceReturnType> {
  const { value } = await createSolanaRpc(rpcUrl)
    .getBalance(address(owner), { commitment: 'confirmed' })
    .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  if (typeof value !== 'bigint' || value < 0n) throw new Error(`getBalance answered ${String(value)}`);
  return value;
}
