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
};

export const DEFAULT_API_BASE_URL: string = import.meta.env.BRIDGE_API_URL ?? 'http://127.0.0.1:8787';

export const defaultSettings = (): Settings => ({
  apiBaseUrl: DEFAULT_API_BASE_URL,
  apiKey: '',
  slippage: 0.005,
  routeOrder: 'OUTPUT',
  bridges: { allow: [], deny: [], prefer: [] },
  notifications: true,
  inlineQuotes: true,
});

/** Version 1. A later shape adds `migrations: { 2: (v1) => v2 }`; the version follows. */
export const settingsItem = defineVersionedItem<Settings>('local:settings', {
  fallback: defaultSettings(),
  migrations: {},
});
