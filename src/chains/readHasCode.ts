import { i18n } from '#i18n';
import { inWords, RpcReadError } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadHasCodeParameters = { address: `0x${string}` };
export type ReadHasCodeReturnType = {
  rpcChainId: number;
  hasCode: boolean;
  /**
   * The contract an EIP-7702 account delegates to: its code is only the designator `0xef0100 ‖ address`. Such an
   * address is a person's account (a key signs for it), not a contract, wherever a recipient is judged.
   */
  delegatedTo?: `0x${string}`;
};

/** EIP-7702's delegation designator: 0xef0100 followed by the 20-byte address delegated to, and nothing else. */
const DELEGATION = /^0xef0100([0-9a-fA-F]{40})$/;

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
  const delegation = DELEGATION.exec(code);
  return {
    rpcChainId,
    hasCode: code.length > 2,
    ...(delegation ? { delegatedTo: `0x${delegation[1]}` as `0x${string}` } : {}),
  };
}
