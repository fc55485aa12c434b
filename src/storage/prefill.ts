import type { Prefill } from '../model/prefill';
import { defineVersionedItem } from './versionedItem';

/**
 * A prefilled transfer waiting for the popup. Session storage: it survives the service worker being stopped
 * between the explorer click and the popup opening, but not a browser restart (a stale prefill would surprise).
 */
export type StoredPrefill = { prefill: Prefill; storedAt: number };

export const prefillItem = defineVersionedItem<StoredPrefill | null>('session:prefill', {
  fallback: null,
  migrations: {},
});
