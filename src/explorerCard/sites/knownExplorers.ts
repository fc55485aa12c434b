import type { ExplorerSite } from './explorerSite';

/**
 * Well-known explorers the content script is declared for in the manifest (no permission prompt needed for these).
 * Every other explorer comes from the catalog's `wallet.blockExplorerUrls` and needs an optional host permission.
 * Keep this list short: each entry widens the static `matches` of the content script.
 */
const ETHERSCAN_FAMILY: readonly [host: string, chainId: number][] = [
  ['etherscan.io', 1],
  ['optimistic.etherscan.io', 10],
  ['bscscan.com', 56],
  ['gnosisscan.io', 100],
  ['polygonscan.com', 137],
  ['basescan.org', 8453],
  ['arbiscan.io', 42161],
  ['snowtrace.io', 43114],
  ['lineascan.build', 59144],
  ['scrollscan.com', 534352],
];

const BLOCKSCOUT_FAMILY: readonly [host: string, chainId: number][] = [
  ['eth.blockscout.com', 1],
  ['optimism.blockscout.com', 10],
  ['gnosis.blockscout.com', 100],
  ['base.blockscout.com', 8453],
  ['arbitrum.blockscout.com', 42161],
];

export const KNOWN_EXPLORERS: readonly ExplorerSite[] = [
  ...ETHERSCAN_FAMILY.map(([host, chainId]) => ({
    chainId,
    family: 'etherscan' as const,
    origin: `https://${host}`,
    pathPrefix: '',
  })),
  ...BLOCKSCOUT_FAMILY.map(([host, chainId]) => ({
    chainId,
    family: 'blockscout' as const,
    origin: `https://${host}`,
    pathPrefix: '',
  })),
];

/** Match patterns for the content script's static `matches` (the `www.` variants redirect but may be typed). */
export const KNOWN_EXPLORER_MATCHES: string[] = KNOWN_EXPLORERS.flatMap(({ origin }) => {
  const host = new URL(origin).host;
  return host.split('.').length === 2 ? [`https://${host}/*`, `https://www.${host}/*`] : [`https://${host}/*`];
});
