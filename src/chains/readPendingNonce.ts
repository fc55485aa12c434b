import { inWords } from './chainReadError';
import { readChainId, readQuantity } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadPendingNonceParameters = { address: `0x${string}` };
export type ReadPendingNonceReturnType = {
  rpcChainId: number;
  /** The account's next nonce, counting the transactions the node holds pending for it. */
  nonce: number;
};

/**
 * The nonce an account's next transaction takes, as the trusted RPC counts it (`eth_getTransactionCount` at
 * `pending`), with the chain's ID in one batch. Read right before the wallet is asked to send: a wallet whose
 * transaction the RPC never sees most likely used it, so a replacement can be looked for there.
 */
export async function readPendingNonce(
  client: TrustedClient,
  { address }: ReadPendingNonceParameters,
): Promise<ReadPendingNonceReturnType> {
  const [rpcChainId, count] = await Promise.all([
    readChainId(client),
    client
      .request({ method: 'eth_getTransactionCount', params: [address, 'pending'] })
      .catch(inWords(client, 'eth_getTransactionCount')),
  ]);
  return { rpcChainId, nonce: Number(readQuantity(count, 'eth_getTransactionCount')) };
}
