import { createRpcReader, type RpcReader } from '../chains/rpcReader';
import { trustedRpcUrl } from '../chains/trustedRpc';
import type { SettingsService } from './settings';

/** The RPC the extension trusts for a chain: the build's pins, or what the person set in Settings. */
export type TrustedRpc = (chainId: number, overrides: Readonly<Record<string, string>>) => string | undefined;

/** Reads of a chain through the RPC the extension trusts for it: never an RPC URL a page or the routing service names. */
export type ChainReads = { rpcUrl(chainId: number): Promise<string | undefined>; rpc: RpcReader };

export function createChainReads(deps: {
  settings: SettingsService;
  /** Default src/chains/trustedRpc.ts; tests name their own chains. */
  trustedRpc?: TrustedRpc;
  fetch?: typeof fetch;
}): ChainReads {
  const trusted = deps.trustedRpc ?? trustedRpcUrl;
  return {
    rpcUrl: async (chainId) => trusted(chainId, (await deps.settings.get()).rpcUrls),
    rpc: createRpcReader({ fetch: deps.fetch }),
  };
}
