import { createSolanaRpc } from '@solana/kit';

export type ReadSolanaGenesisParameters = { rpcUrl: string; timeoutMs?: number };
export type ReadSolanaGenesisReturnType = string;

/**
 * Whether an RPC answers as a Solana JSON-RPC: its `getGenesisHash`, a base58 hash. An Ethereum RPC answers
 * "method not found", a web page no JSON: either throws. Used before a person's Solana RPC is kept in Settings.
 */
export async function readSolanaGenesis({
  rpcUrl,
  timeoutMs = 8_000,
}: ReadSolanaGenesisParameters): Promise<ReadSolanaGenesisReturnType> {
  const hash: unknown = await createSolanaRpc(rpcUrl)
    .getGenesisHash()
    .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  if (typeof hash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(hash))
    throw new Error(`getGenesisHash answered ${JSON.stringify(hash)?.slice(0, 80)}`);
  return hash;
}
