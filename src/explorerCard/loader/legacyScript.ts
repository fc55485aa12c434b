import { browser } from 'wxt/browser';

/**
 * Earlier builds registered the explorer detector for catalog explorers as a persistent dynamic content script under
 * this id. The card is now injected on demand from navigation events, and that file no longer exists: a registration
 * surviving an update would make the browser fail to load it on every such page.
 */
export const LEGACY_EXPLORER_SCRIPT_ID = 'explorer-catalog';

export async function removeLegacyExplorerScript(): Promise<void> {
  const found = await browser.scripting.getRegisteredContentScripts({ ids: [LEGACY_EXPLORER_SCRIPT_ID] });
  if (found.length > 0) await browser.scripting.unregisterContentScripts({ ids: [LEGACY_EXPLORER_SCRIPT_ID] });
}
