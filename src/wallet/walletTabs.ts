import { browser } from '#imports';
import { probeTab } from './tabProbe';

/** An open tab whose page offers a wallet. */
export type WalletTab = { tabId: number; windowId: number; title: string };

/** Probing is a script run per tab: a few, the most recently used, are enough to name one. */
const MAX_PROBED = 8;

/**
 * The open tab, other than `exceptTabId`, whose page offers a wallet, most recently used first — looked for only among
 * the pages the extension may already read (its host permissions, optional ones the person granted included), with
 * tabProbe.ts's read-only probe. Nothing is asked of the person, and no script runs where none was allowed. On the
 * devnet this names the Dev Wallet tab.
 */
export async function findWalletTab(exceptTabId: number): Promise<WalletTab | undefined> {
  const { origins = [] } = await browser.permissions.getAll();
  const web = origins.filter((origin) => origin === '<all_urls>' || /^(https?|\*):/.test(origin));
  if (web.length === 0) return undefined;
  const tabs = (await browser.tabs.query({ url: web }))
    .filter((tab) => tab.id !== undefined && tab.id !== exceptTabId && !tab.discarded)
    .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))
    .slice(0, MAX_PROBED);
  const probes = await Promise.all(tabs.map((tab) => probeTab(tab.id!).catch(() => ({ state: 'unknown' as const }))));
  const found = tabs.find((_, i) => probes[i]!.state === 'wallets');
  if (!found) return undefined;
  return { tabId: found.id!, windowId: found.windowId, title: found.title || hostOf(found.url) };
}

/** Brings the tab with the wallet to the front, in its window. The action popup closes as it loses focus. */
export async function showTab(tab: WalletTab): Promise<void> {
  await browser.tabs.update(tab.tabId, { active: true });
  await browser.windows.update(tab.windowId, { focused: true });
}

function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').host;
  } catch {
    return '';
  }
}
