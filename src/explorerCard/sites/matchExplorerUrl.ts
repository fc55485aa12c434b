import type { ExplorerSite } from './explorerSite';
import { parseTokenPath, type TokenPathKind } from './tokenPath';

export type ExplorerMatch = {
  site: ExplorerSite;
  chainId: number;
  kind: TokenPathKind;
  /** Lower-cased. */
  address: `0x${string}`;
};

/**
 * Maps a page URL to (chain, contract address) on one of `sites`. The origin must be equal (so
 * `etherscan.io.evil.com` and `evil-etherscan.io` never match), the path must continue the site's prefix at a
 * segment boundary (`/explorer/1` does not match `/explorer/10/…`), and the longest prefix wins.
 */
export function matchExplorerUrl(href: string, sites: readonly ExplorerSite[]): ExplorerMatch | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const origin = `${url.protocol}//${url.host.replace(/^www\./, '')}`;
  let best: ExplorerMatch | null = null;
  for (const site of sites) {
    if (site.origin !== origin) continue;
    if (best && best.site.pathPrefix.length >= site.pathPrefix.length) continue;
    if (site.pathPrefix && !url.pathname.startsWith(`${site.pathPrefix}/`)) continue;
    const parsed = parseTokenPath(url.pathname.slice(site.pathPrefix.length));
    if (parsed) best = { site, chainId: site.chainId, ...parsed };
  }
  return best;
}
