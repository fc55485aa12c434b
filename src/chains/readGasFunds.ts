import { inWords } from './chainReadError';
import { readChainId, readQuantity } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadGasFundsParameters = { owner: `0x${string}` };
export type ReadGasFundsReturnType = { rpcChainId: number; balance: bigint; gasPrice: bigint };

/**
 * What `owner` can pay gas with on the RPC's chain: its native balance and the chain's current gas price, with the
 * chain's ID, in one batch (the destination-gas check before a route's first signature, and between steps).
 */
export async function readGasFunds(
  client: TrustedClient,
  { owner }: ReadGasFundsParameters,
): Promise<ReadGasFundsReturnType> {
  const [rpcChainId, balance, gasPrice] = await Promise.all([
    readChainId(client),
    client.request({ method: 'eth_getBalance', params: [owner, 'latest'] }).catch(inWords(client, 'eth_getBalance')),
    client.request({ method: 'eth_gasPrice' }).catch(inWords(client, 'eth_gasPrice')),
  ]);
  return { rpcChainId, balance: readQuantity(balance, 'balance'), gasPrice: readQuantity(gasPrice, 'gas price') };
}
