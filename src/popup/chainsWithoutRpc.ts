import { trustedRpcUrl } from '../chains/trustedRpc';
import type { Chain } from '../schemas/catalog';

/**
 * The EVM chains of a transfer the extension trusts no RPC for (none pinned, none given by the person), source
 * first: each must be given one before the transfer (src/popup/ui/RpcPrompt.tsx), since the simulation before
 * signing, the check of what was sent and the arrival all read that chain through it.
 */
export function chainsWithoutRpc(
  chainIds: readonly number[],
  chains: readonly Chain[],
  rpcUrls: Readonly<Record<string, string>>,
  storeBuild?: boolean,
): Chain[] {
  const missing: Chain[] = [];
  for (const id of new Set(chainIds)) {
    const chain = chains.find((c) => c.id === id);
    if (chain?.chainType !== 'EVM') continue;
    if (trustedRpcUrl(id, rpcUrls, storeBuild) === undefined) missing.push(chain);
  }
  return missing;
}
