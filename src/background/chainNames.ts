import type { Chain } from '../schemas/catalog';

/** Names for the chains people use most, for when the chain list is not loaded (a worker just woke for an alarm). */
const WELL_KNOWN: Record<number, string> = {
  1: 'Ethereum',
  10: 'Optimism',
  56: 'BNB Chain',
  100: 'Gnosis',
  137: 'Polygon',
  324: 'zkSync',
  8453: 'Base',
  42161: 'Arbitrum',
  43114: 'Avalanche',
  59144: 'Linea',
  534352: 'Scroll',
};

export type ChainNamer = (chainId: number) => string;

export function chainNamer(chains: readonly Chain[] | undefined): ChainNamer {
  const byId = new Map((chains ?? []).map((c) => [c.id, c.name]));
  return (id) => byId.get(id) ?? WELL_KNOWN[id] ?? `chain ${id}`;
}

/** `https://etherscan.io/tx/0x…` from the chain's wallet configuration, when it names an explorer. */
export function explorerTxUrl(
  chains: readonly Chain[] | undefined,
  chainId: number,
  txHash: string,
): string | undefined {
  const base = chains?.find((c) => c.id === chainId)?.wallet.blockExplorerUrls?.[0];
  return base ? `${base.replace(/\/+$/, '')}/tx/${txHash}` : undefined;
}
