import { browser } from 'wxt/browser';
import type { TokenPageVisit } from './cardLoader';
import { tokenPageVisit } from './tokenPageEvents';

/**
 * Token pages open in tabs on the hosts of `origins`: host patterns of the one shape the settings ask for,
 * `https://explorer.zksync.io/*` (compared here rather than by the browser, which matches the same).
 */
export async function openTokenPages(origins: readonly string[]): Promise<TokenPageVisit[]> {
  const hosts = new Set(origins);
  if (hosts.size === 0) return [];
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((tab) => {
    const visit = tab.id !== undefined && tab.url ? tokenPageVisit({ tabId: tab.id, frameId: 0, url: tab.url }) : null;
    if (!visit) return [];
    const { protocol, hostname } = new URL(visit.url);
    return hosts.has(`${protocol}//${hostname}/*`) ? [visit] : [];
  });
}

/**
 * When the person allows more explorer hosts (Settings), the token pages already open there get the card now rather
 * than after a reload. Register synchronously at the top of the worker.
 */
export function listenGrantedPages(onVisit: (visit: TokenPageVisit) => void): () => void {
  const listener = (added: { origins?: string[] }) => {
    openTokenPages(added.origins ?? []).then(
      (visits) => visits.forEach(onVisit),
      (err) => console.warn('[explorer] could not list the newly allowed pages', err),
    );
  };
  browser.permissions.onAdded.addListener(listener);
  return () => browser.permissions.onAdded.removeListener(listener);
}
