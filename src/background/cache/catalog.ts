import type { Chain, ToolsResponse } from '../../schemas/catalog';
import { chainsCacheItem, storageItemCacheStore, toolsCacheItem } from '../../storage/catalogCache';
import { type TokensByChain, tokensCacheStore } from '../../storage/tokenDb';
import type { RoutingApi } from '../api/routingApi';
import { createSwrCache, type SwrCache } from './swrCache';
import { buildTokenIndex, type TokenIndex } from './tokenIndex';

/**
 * Chains, tools and tokens change a few times a day at most: fresh for 6 hours, then served stale while one refresh
 * runs, for up to a week.
 */
export const CATALOG_TTL_MS = 6 * 60 * 60 * 1000;
export const CATALOG_MAX_STALE_MS = 7 * 24 * 60 * 60 * 1000;

export type Catalog = {
  chains: SwrCache<Chain[]>;
  tools: SwrCache<ToolsResponse>;
  tokens: SwrCache<TokensByChain>;
  /** The search index of the current token list; rebuilt only when the list changes. */
  tokenIndex(): Promise<TokenIndex>;
  /**
   * Reads the persisted chains and tools into memory in the background (never blocks a message). Not the tokens:
   * most starts are alarm wake-ups for status checks, and reading several MB for them would be waste; the token
   * list is read from IndexedDB on the first token message instead.
   */
  warm(): void;
};

export function createCatalog(api: RoutingApi, now: () => number = Date.now): Catalog {
  const common = { source: () => api.catalogSource(), ttlMs: CATALOG_TTL_MS, maxStaleMs: CATALOG_MAX_STALE_MS, now };
  const chains = createSwrCache<Chain[]>({
    ...common,
    store: storageItemCacheStore(chainsCacheItem),
    fetch: () => api.getChains(),
  });
  const tools = createSwrCache<ToolsResponse>({
    ...common,
    store: storageItemCacheStore(toolsCacheItem),
    fetch: () => api.getTools(),
  });
  const tokens = createSwrCache<TokensByChain>({ ...common, store: tokensCacheStore(), fetch: () => api.getTokens() });

  let indexed: { list: TokensByChain; index: TokenIndex } | undefined;
  return {
    chains,
    tools,
    tokens,
    async tokenIndex() {
      const list = await tokens.get();
      if (indexed?.list !== list) indexed = { list, index: buildTokenIndex(list) };
      return indexed.index;
    },
    warm() {
      for (const cache of [chains, tools]) {
        cache.warm().catch((err) => console.warn('[catalog] warm-up failed', err));
      }
    },
  };
}
