import type { ThemeSetting } from '../model/settings';
import type { RouteOrder } from '../schemas/requests';
import { defineVersionedItem } from './versionedItem';

export type Settings = {
  /** Base URL of the routing service, without a trailing slash. */
  apiBaseUrl: string;
  /** Sent as X-API-Key. Read only by the background: never sent to pages or content scripts. */
  apiKey: string;
  /** Fraction, e.g. 0.005 for 0.5 %. */
  slippage: number;
  routeOrder: RouteOrder;
  bridges: { allow: string[]; deny: string[]; prefer: string[] };
  notifications: boolean;
  inlineQuotes: boolean;
  /**
   * Which API dialect the service at `apiBaseUrl` speaks: `spec` (the routing-service interface), `lifi` (LI.FI's
   * production API), or `auto` (detected once from its chain listing and remembered by the background).
   */
  apiDialect: ApiDialectSetting;
  /**
   * The person's own RPC per chain ID (decimal string → http(s) URL), used instead of the pinned one
   * (src/chains/trustedRpc.ts) for reads the extension must be able to trust. Never filled from a page or service.
   */
  rpcUrls: Record<string, string>;
  /** The popup's colours: the system's choice, or always light or dark. */
  theme: ThemeSetting;
};

export const API_DIALECT_SETTINGS = ['auto', 'spec', 'lifi'] as const;
export type ApiDialectSetting = (typeof API_DIALECT_SETTINGS)[number];

export const DEFAULT_API_BASE_URL: string = import.meta.env.BRIDGE_API_URL ?? 'http://127.0.0.1:8787';

export const defaultSettings = (): Settings => ({
  apiBaseUrl: DEFAULT_API_BASE_URL,
  apiKey: '',
  slippage: 0.005,
  routeOrder: 'OUTPUT',
  bridges: { allow: [], deny: [], prefer: [] },
  notifications: true,
  inlineQuotes: true,
  // The build's default service is the local reference service, which speaks the spec; another URL is detected.
  apiDialect: 'spec',
  rpcUrls: {},
  theme: 'system',
});

/** Version 2 added `apiDialect` and `rpcUrls`; version 3 `theme`. */
export const settingsItem = defineVersionedItem<Settings>('local:settings', {
  fallback: defaultSettings(),
  migrations: {
    2: (v1) => ({ apiDialect: 'auto', rpcUrls: {}, ...(v1 as object) }),
    3: (v2) => ({ theme: 'system', ...(v2 as object) }),
  },
});
