import { browser } from '#imports';
import type { Chain } from '../schemas/catalog';
import { explorerSitesForChains } from './catalogExplorers';
import type { ExplorerSite } from './explorerSite';
import { KNOWN_EXPLORERS } from './knownExplorers';
import { DETECTOR_SCRIPT_FILE } from './scriptFiles';

/**
 * Id of the one dynamically registered copy of the explorer detector (the tiny script; the background injects the
 * card itself only into token pages).
 */
export const CATALOG_EXPLORER_SCRIPT_ID = 'explorer-catalog';

const KNOWN_ORIGINS = new Set(KNOWN_EXPLORERS.map((site) => site.origin));

/** Catalog explorers the static manifest `matches` do not cover. */
function extraSites(chains: readonly Chain[]): ExplorerSite[] {
  return explorerSitesForChains(chains).filter((site) => !KNOWN_ORIGINS.has(site.origin));
}

/**
 * Host permission each extra explorer needs. Match patterns leave the port out (Chrome ignores it there), so a
 * devnet explorer on any loopback port is covered by `http://127.0.0.1/*`.
 */
export function explorerPermissionOrigins(chains: readonly Chain[]): string[] {
  const origins = new Set<string>();
  for (const site of extraSites(chains)) {
    const url = new URL(site.origin);
    origins.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...origins].sort();
}

/** Where the detector runs for one site: its host and path prefix only, not the whole host. */
export function explorerScriptMatch(site: ExplorerSite): string {
  const url = new URL(site.origin);
  return `${url.protocol}//${url.hostname}${site.pathPrefix}/*`;
}

/**
 * For the popup's settings ("Show quotes on these explorers"): asks for the catalog explorers' hosts. Call it
 * straight from a click handler (Chrome needs the user gesture). The background re-syncs on `permissions.onAdded`.
 */
export async function requestExplorerPermissions(chains: readonly Chain[]): Promise<boolean> {
  const origins = explorerPermissionOrigins(chains);
  if (origins.length === 0) return true;
  return browser.permissions.request({ origins });
}

/**
 * Registers (or updates, or removes) the detector for the catalog explorers the user has granted. Called by
 * the background on start-up, when the chain list changes and when host permissions change. Returns the match
 * patterns now registered.
 */
export async function syncExplorerRegistrations(chains: readonly Chain[]): Promise<string[]> {
  const matches: string[] = [];
  for (const site of extraSites(chains)) {
    const url = new URL(site.origin);
    const permitted = await browser.permissions.contains({ origins: [`${url.protocol}//${url.hostname}/*`] });
    if (permitted) matches.push(explorerScriptMatch(site));
  }
  const wanted = [...new Set(matches)].sort();
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [CATALOG_EXPLORER_SCRIPT_ID] });
  const current = existing[0];
  if (wanted.length === 0) {
    if (current) await browser.scripting.unregisterContentScripts({ ids: [CATALOG_EXPLORER_SCRIPT_ID] });
    return [];
  }
  const script = {
    id: CATALOG_EXPLORER_SCRIPT_ID,
    js: [DETECTOR_SCRIPT_FILE],
    matches: wanted,
    runAt: 'document_idle' as const,
    persistAcrossSessions: true,
  };
  if (!current) await browser.scripting.registerContentScripts([script]);
  // A registration persisted by an older version may still name the card bundle: update that too.
  else if (
    [...(current.matches ?? [])].sort().join('\n') !== wanted.join('\n') ||
    current.js?.join('\n') !== DETECTOR_SCRIPT_FILE
  )
    await browser.scripting.updateContentScripts([script]);
  return wanted;
}
