import type { DestinationGasDeps } from '../../signing/destinationGas';
import type { ChainReads } from '../chainReads';

/**
 * The account's native balance and gas price on a chain, read through its trusted RPC; undefined when there is none,
 * the read fails, or the RPC answers for another chain.
 */
export function gasFundsReader(reads: ChainReads): DestinationGasDeps['readGasFunds'] {
  return async (chainId, owner) => {
    const url = await reads.rpcUrl(chainId);
    const read = url ? await reads.rpc.readGasFunds(url, owner).catch(() => undefined) : undefined;
    return read?.rpcChainId === chainId ? read : undefined;
  };
}
