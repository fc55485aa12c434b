import type { Chain } from '../schemas/catalog';
import type { PopupDeps } from './store/deps';

const KEY = 'bridge-companion:chains';

/**
 * The last chain list, kept in the popup's own localStorage so the next opening renders a usable form before the
 * background answers (saves a round trip on every opening); the fresh list replaces it moments later.
 */
export function createChainsCache(storage: Storage = localStorage): NonNullable<PopupDeps['chainsCache']> {
  return {
    read() {
      try {
        const parsed = JSON.parse(storage.getItem(KEY) ?? 'null');
        return Array.isArray(parsed) && parsed.every((c) => typeof c?.id === 'number' && typeof c?.name === 'string')
          ? (parsed as Chain[])
          : undefined;
      } catch {
        return undefined;
      }
    },
    write(chains) {
      try {
        storage.setItem(KEY, JSON.stringify(chains));
      } catch {
        // Quota or disabled storage: the cache is only a speed-up.
      }
    },
  };
}
