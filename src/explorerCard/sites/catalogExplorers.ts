import type { Chain } from '../../schemas/catalog';
import type { ExplorerSite } from './explorerSite';
import { KNOWN_EXPLORERS } from './knownExplorers';

/**
 * Explorer sites from the catalog's `wallet.blockExplorerUrls`. Only http(s) URLs without credentials are kept; the
 * URL's path becomes the site's prefix, so one host can serve several chains (`/explorer/1/`, `/explorer/10/`).
 */
export function catalogExplorerSites(chains: readonly Chain[]): ExplorerSite[] {
  const sites: ExplorerSite[] = [];
  for (const chain of chains) {
    for (const raw of chain.wallet.blockExplorerUrls ?? []) {
      const site = toSite(raw, chain.id);
      if (site) sites.push(site);
    }
  }
  return sites;
}

/** The well-known explorers of catalog chains plus the catalog's own explorer URLs, without duplicates. */
export function explorerSitesForChains(chains: readonly Chain[]): ExplorerSite[] {
  const ids = new Set(chains.map((chain) => chain.id));
  const seen = new Set<string>();
  const out: ExplorerSite[] = [];
  for (const site of [...KNOWN_EXPLORERS.filter((s) => ids.has(s.chainId)), ...catalogExplorerSites(chains)]) {
    const key = `${site.chainId} ${site.origin}${site.pathPrefix}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(site);
  }
  return out;
}

function toSite(raw: string, chainId: number): ExplorerSite | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.host.replace(/^www\./, '');
  const known = KNOWN_EXPLORERS.find((site) => new URL(site.origin).host === host);
  return {
    chainId,
    family: known?.family ?? 'generic',
    origin: `${url.protocol}//${host}`,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
  };
}
