import { i18n } from '#i18n';
import { encodeAllowance } from '../contracts/erc20';
import { inWords, RpcReadError } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadAllowanceParameters = { token: `0x${string}`; owner: `0x${string}`; spender: `0x${string}` };
export type ReadAllowanceReturnType = { rpcChainId: number; allowance: bigint };

/** The ERC-20 allowance `owner` gave `spender` on the RPC's chain, with that chain's ID, in one batch. */
export async function readAllowance(
  client: TrustedClient,
  { token, owner, spender }: ReadAllowanceParameters,
): Promise<ReadAllowanceReturnType> {
  const [rpcChainId, result] = await Promise.all([
    readChainId(client),
    client
      .request({ method: 'eth_call', params: [{ to: token, data: encodeAllowance(owner, spender) }, 'latest'] })
      .catch(inWords(client, 'eth_call')),
  ]);
  // A token answers exactly one word; anything else (no code there, a non-ERC-20) is unreadable, never zero.
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) {
    throw new RpcReadError(i18n.t('rpc.unreadable', ['allowance']));
  }
  return { rpcChainId, allowance: BigInt(result) };
}
