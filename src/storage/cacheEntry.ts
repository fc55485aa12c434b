/** A cached API answer with when and from which service it was fetched (a changed base URL invalidates it). */
export type CacheEntry<T> = { value: T; fetchedAt: number; source: string };

/** Where a cache keeps its entry between service-worker lifetimes. */
export type CacheStore<T> = {
  read(): Promise<CacheEntry<T> | null>;
  write(entry: CacheEntry<T>): Promise<void>;
  clear(): Promise<void>;
};
