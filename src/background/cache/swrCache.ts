import type { CacheEntry, CacheStore } from '../../storage/cacheEntry';

/**
 * Persistent cache with stale-while-revalidate for catalog data (chains, tools, tokens):
 * - fresh (younger than ttl): answered from memory or storage, no request;
 * - stale (younger than maxStale): answered at once, one refresh starts in the background;
 * - missing, too old, or fetched from another base URL: the caller waits for the fetch;
 * - a failed fetch falls back to whatever entry of the same service exists, however old (a catalog from last week
 *   beats an error in the popup).
 * Identical requests in flight share one fetch. The persisted entry survives worker termination and restarts.
 */
export type SwrCache<T> = {
  get(): Promise<T>;
  /** The entry currently in memory, without I/O (for synchronous lookups such as chain names). */
  peek(): CacheEntry<T> | undefined;
  /** Loads the persisted entry into memory without fetching (start-up warm-up). */
  warm(): Promise<void>;
};

export type SwrCacheOptions<T> = {
  store: CacheStore<T>;
  fetch: () => Promise<T>;
  /** Base URL of the service the fetch goes to. */
  source: () => Promise<string>;
  ttlMs: number;
  maxStaleMs: number;
  now?: () => number;
};

export function createSwrCache<T>(options: SwrCacheOptions<T>): SwrCache<T> {
  const now = options.now ?? Date.now;
  let entry: CacheEntry<T> | undefined;
  let reading: Promise<void> | undefined;
  // Keyed by source: a fetch still running against the old base URL must not answer for the new one.
  let fetching: { source: string; promise: Promise<T> } | undefined;

  const readStore = () => {
    reading ??= options.store.read().then(
      (stored) => {
        // A fetch that finished while storage was read is newer: keep it.
        if (stored && (!entry || stored.fetchedAt > entry.fetchedAt)) entry = stored;
      },
      (err) => {
        console.warn('[cache] could not read the stored entry', err);
      },
    );
    return reading;
  };

  const refresh = (source: string): Promise<T> => {
    if (fetching?.source === source) return fetching.promise;
    const flight = {
      source,
      promise: options
        .fetch()
        .then(async (value) => {
          // Replaced by a fetch for another service meanwhile: answer this caller, keep nothing.
          if (fetching !== flight) return value;
          entry = { value, fetchedAt: now(), source };
          await options.store.write(entry).catch((err) => console.warn('[cache] could not store the entry', err));
          return value;
        })
        .finally(() => {
          if (fetching === flight) fetching = undefined;
        }),
    };
    fetching = flight;
    return flight.promise;
  };

  return {
    async get() {
      await readStore();
      const source = await options.source();
      const current = entry?.source === source ? entry : undefined;
      if (current) {
        const age = now() - current.fetchedAt;
        if (age < options.ttlMs) return current.value;
        if (age < options.maxStaleMs) {
          refresh(source).catch((err) => console.warn('[cache] background refresh failed', err));
          return current.value;
        }
      }
      try {
        return await refresh(source);
      } catch (err) {
        if (current) return current.value;
        throw err;
      }
    },
    peek: () => entry,
    warm: readStore,
  };
}
