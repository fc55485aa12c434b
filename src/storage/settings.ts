import type { Settings } from '../model/settings';
import { defineVersionedItem } from './versionedItem';

export const DEFAULT_API_BASE_URL: string = import.meta.env.BRIDGE_API_URL ?? 'http://127.0.0.1:8787';

export const defaultSettings = (): Settings => ({
  apiBaseUrl: DEFAULT_API_BASE_URL,
  apiKey: '',
  slippage: 0.005,
  routeOrder: 'OUTPUT',
  bridges: { allow: [], deny: [], prefer: [] },
  notifications: true,
  inlineQuotes: true,
  showUnprovenRoutes: false,
  // The build's default service is the local reference service, which speaks the spec; another URL is detected.
  apiDialect: 'spec',
  rpcUrls: {},
  theme: 'system',
  language: 'browser',
});

/** Version 2 added `apiDialect` and `rpcUrls`; version 3 `theme`; version 4 `showUnprovenRoutes` (off). */
export const settingsItem = defineVersionedItem<Settings>('local:settings', {
  fallback: defaultSettings(),
  migrations: {
    2: (v1) => ({ apiDialect: 'auto', rpcUrls: {}, ...(v1 as object) }),
    3: (v2) => ({ theme: 'system', ...(v2 as object) }),
    4: (v3) => ({ showUnprovenRoutes: false, ...(v3 as object) }),
  },
});
