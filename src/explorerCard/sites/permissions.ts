import { browser } from '#imports';
import type { Chain } from '../../schemas/catalog';
import { explorerSitesForChains } from './catalogExplorers';
import { KNOWN_EXPLORERS } from './knownExplorers';

const KNOWN_ORIGINS = new Set(KNOWN_EXPLORERS.map((site) => site.origin));

/**
 * Host permission each catalog explorer beyond the manifest's well-known ones needs before the background may put
 * the card into its pages. Match patterns leave the port out (Chrome ignores it there), so a devnet explorer on any
 * loopback port is covered by `http://127.0.0.1/*`.
 */
export function explorerPermissionOrigins(chains: readonly Chain[]): string[] {
  const origins = new Set<string>();
  // The card reads EVM token addresses from the path: another chain type's explorer would be asked for in vain.
  for (const site of explorerSitesForChains(chains.filter((chain) => chain.chainType === 'EVM'))) {
    if (KNOWN_ORIGINS.has(site.origin)) continue;
    const url = new URL(site.origin);
    origins.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...origins].sort();
}

/** The catalog explorers' host patterns not granted yet (for the settings: what "Allow" would ask for). */
export async function missingExplorerPermissions(chains: readonly Chain[]): Promise<string[]> {
  const origins = explorerPermissionOrigins(chains);
  const granted = await Promise.all(origins.map((origin) => browser.permissions.contains({ origins: [origin] })));
  return origins.filter((_, i) => !granted[i]);
}

/**
 * Asks for the catalog explorers' hosts. Call it straight from a click handler, before any await (browsers show the
 * prompt only during the user's gesture); hosts already granted are not asked again.
 */
export function requestExplorerPermissions(chains: readonly Chain[]): Promise<boolean> {
  const origins = explorerPermissionOrigins(chains);
  if (origins.length === 0) return Promise.resolve(true);
  return browser.permissions.request({ origins });
}
