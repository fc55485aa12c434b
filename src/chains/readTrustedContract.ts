import type {
  Abi,
  ContractFunctionArgs,
  ContractFunctionName,
  ReadContractParameters,
  ReadContractReturnType,
} from 'viem';
import { readContract } from 'viem/actions';
import { i18n } from '#i18n';
import { chainReadError, hostOf, nodeRefusal, RpcReadError, rpcUrlOf } from './chainReadError';
import { readChainId } from './readChainId';
import type { TrustedClient } from './trustedClient';

export type ReadTrustedContractParameters<
  abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, 'pure' | 'view'>,
  args extends ContractFunctionArgs<abi, 'pure' | 'view', functionName>,
> = ReadContractParameters<abi, functionName, args> & {
  /** The chain the answer must come from: an RPC serving another (a mistaken override) is refused, in words. */
  chainId: number;
};

export type ReadTrustedContractReturnType<
  abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, 'pure' | 'view'>,
  args extends ContractFunctionArgs<abi, 'pure' | 'view', functionName>,
> = ReadContractReturnType<abi, functionName, args>;

/**
 * A contract's own answer to a view call, read through the trusted client (./trustedClient.ts) in one batch with the
 * chain's ID: what a bridge's contract says of itself (a pool's token, a fixed fee), believed because the chain said
 * it, not the routing service. Throws RpcReadError in words: the RPC failed or refused, it serves another chain, or
 * the contract's answer does not decode (no code there, another ABI).
 */
export async function readTrustedContract<
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, 'pure' | 'view'>,
  const args extends ContractFunctionArgs<abi, 'pure' | 'view', functionName>,
>(
  client: TrustedClient,
  parameters: ReadTrustedContractParameters<abi, functionName, args>,
): Promise<ReadTrustedContractReturnType<abi, functionName, args>> {
  const { chainId, ...call } = parameters;
  const url = rpcUrlOf(client);
  const [rpcChainId, answer] = await Promise.all([
    readChainId(client),
    readContract(client, call as ReadContractParameters<abi, functionName, args>).catch((err: unknown) => {
      // An answer that does not decode (no code at the address, another ABI) is unreadable, never a default.
      if (isUndecodable(err)) throw new RpcReadError(i18n.t('rpc.unreadable', [String(call.functionName)]));
      throw chainReadError(err, url, String(call.functionName));
    }),
  ]);
  if (rpcChainId !== chainId) throw wrongChain(url, rpcChainId, chainId);
  return answer;
}

function wrongChain(url: string, rpcChainId: number, chainId: number): RpcReadError {
  return new RpcReadError(i18n.t('track.wrongChainRpc', [hostOf(url), String(rpcChainId), String(chainId)]));
}

function isUndecodable(err: unknown): boolean {
  if (nodeRefusal(err)) return false;
  const names = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) names.push(e.name);
  return names.some((name) => name.startsWith('AbiDecoding') || name === 'ContractFunctionZeroDataError');
}
