import type { Token } from '../schemas/catalog';
import type { CacheEntry, CacheStore } from './cacheEntry';

/**
 * The token list (20,000+ tokens, several MB) lives in IndexedDB rather than chrome.storage.local:
 * - chrome.storage.onChanged delivers every write, old and new value, to every open extension page (the popup
 *   watches settings and transfers): a multi-MB token write would be cloned into each of them;
 * - IndexedDB stores structured clones (no JSON round trip of the whole list in the extension process) and reads
 *   asynchronously off the message path, so the worker answers messages while the list loads;
 * - it is available to the MV3 service worker and persists across worker termination and browser restarts.
 * The schema has its own version (DB_VERSION) with upgrade steps, like the storage items' migrations.
 */
const DB_NAME = 'bridge-companion';
const DB_VERSION = 1;
const ENTRIES = 'cacheEntries';

/** Upgrade steps by target version; each creates what its version added. */
const upgrades: Record<number, (db: IDBDatabase) => void> = {
  1: (db) => {
    db.createObjectStore(ENTRIES);
  },
};

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      for (let v = event.oldVersion + 1; v <= DB_VERSION; v++) upgrades[v]?.(request.result);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another context upgrading the schema: let it, and reopen on next use.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error);
    };
  });
  return opening;
}

function run<R>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<R>): Promise<R> {
  return openDb().then(
    (db) =>
      new Promise<R>((resolve, reject) => {
        const tx = db.transaction(ENTRIES, mode);
        const request = fn(tx.objectStore(ENTRIES));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export function idbCacheStore<T>(name: string): CacheStore<T> {
  return {
    read: async () => ((await run('readonly', (s) => s.get(name))) as CacheEntry<T> | undefined) ?? null,
    write: async (entry) => {
      await run('readwrite', (s) => s.put(entry, name));
    },
    clear: async () => {
      await run('readwrite', (s) => s.delete(name));
    },
  };
}

/** Tokens grouped by chain ID, as GET /v1/tokens answers. */
export type TokensByChain = Record<string, Token[]>;

export const tokensCacheStore = (): CacheStore<TokensByChain> => idbCacheStore<TokensByChain>('tokens');

/** Tests simulate a browser restart: the next use opens the database again. */
export function closeTokenDbForTests(): void {
  void opening?.then((db) => db.close());
  opening = undefined;
}
