import type { RouteOrder } from '../schemas/requests';

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
   * Also list routes whose receiver, chain, token or minimum only the bridge promises: its own signed order or
   * quote could not be had or checked, or it has none this extension reads (src/background/provenRoutes.ts). Off
   * by default; the review then names each such figure.
   */
  showUnprovenRoutes?: boolean;
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
  /**
   * The popup's language: the browser's (also when absent, as in settings saved before there was a choice), or
   * English or German whatever the browser's.
   */
  language?: LanguageSetting;
};

export const API_DIALECT_SETTINGS = ['auto', 'spec', 'lifi'] as const;
export type ApiDialectSetting = (typeof API_DIALECT_SETTINGS)[number];

/** Settings as the UI may see them: the API key itself never leaves the background, only whether there is one. */
export type PublicSettings = Omit<Settings, 'apiKey'> & { hasApiKey: boolean };

/** `apiKey: ''` clears the key. */
export type SettingsPatch = Partial<Settings>;

export const LANGUAGE_SETTINGS = ['browser', 'en', 'de'] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

export const THEME_SETTINGS = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
