import { type Blockhash, createSolanaRpc } from '@solana/kit';

export type ReadSolanaBlockhashValidParameters = { rpcUrl: string; blockhash: string; timeoutMs?: number };

/** Whether a transaction built on `blockhash` can still land, as the trusted Solana RPC says (`isBlockhashValid`). */
export async function readSolanaBlockhashValid({
  rpcUrl,
  blockhash,
  timeoutMs = 8_000,
}: ReadSolanaBlockhashValidParameters): Promise<boolean> {
  const { value } = await createSolanaRpc(rpcUrl)
    .isBlockhashValid(blockhash as Blockhash, { commitment: 'confirmed' })
    .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  if (typeof value !== 'boolean') throw new Error(`isBlockhashValid answered ${JSON.stringify(value)}`);
  return value;
}
