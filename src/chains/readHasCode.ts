import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadHasCodeParameters = { address: `0x${string}` };
export type ReadHasCodeReturnType = { rpcChainId: number; hasCode: boolean };

/** Whether an address holds code (a contract) on the RPC's chain, with that chain's ID, in one batch. */
export async function readHasCode(
  client: TrustedClient,
  { address }: ReadHasCodeParameters,
): Promise<ReadHasCodeReturnType> {
  const [rpcChainId, code] = await Promise.all([
    readChainId(client),
    client.request({ method: 'eth_getCode', params: [address, 'latest'] }).catch(inWords(client, 'eth_getCode')),
  ]);
  if (typeof code !== 'string' || !/^0x[0-9a-fA-F]*$/.test(code))
    throw new RpcReadError(i18n.t('rpc.unreadable', ['code']));
  return { rpcChainId, hasCode: code.length > 2 };
}
