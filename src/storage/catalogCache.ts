import type { Chain, ToolsResponse } from '../schemas/catalog';
import type { CacheEntry, CacheStore } from './cacheEntry';
import { defineVersionedItem } from './versionedItem';

/**
 * Chains and tools are small (tens of KB): chrome.storage.local is enough and survives restarts. They live under
 * `@cache/` so a purge can find them. Tokens are large and live in IndexedDB (tokenDb.ts).
 */
export const chainsCacheItem = defineVersionedItem<CacheEntry<Chain[]> | null>('local:@cache/chains', {
  fallback: null,
  migrations: {},
});

export const toolsCacheItem = defineVersionedItem<CacheEntry<ToolsResponse> | null>('local:@cache/tools', {
  fallback: null,
  migrations: {},
});

type Item<T> = {
  getValue(): Promise<CacheEntry<T> | null>;
  setValue(v: CacheEntry<T> | null): Promise<void>;
  removeValue(): Promise<void>;
};

export function storageItemCacheStore<T>(item: Item<T>): CacheStore<T> {
  return {
    read: () => item.getValue(),
    write: (entry) => item.setValue(entry),
    clear: () => item.removeValue(),
  };
}
