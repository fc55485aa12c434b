import type { Catalog, CatalogKind } from './catalog/catalog';
import type { ConnectionLimits } from './http/connectionGuard';
import type { KeyConfig } from './limits/keyConfig';
import type { TierLimits } from './limits/tiers';
import type { LogLevel } from './log';
import type { DevnetHandle } from './ports';

export type RateLimitOptions = {
  /** Turns the limiter off entirely (headers still report an unlimited window). */
  disabled?: boolean;
  /**
   * Overrides of the default tiers, e.g. `{ free: { perMinute: 3, perHour: 100 } }` in tests; `explorer` is the
   * devnet block explorer's per-address budget (server/limits/tiers.ts).
   */
  tiers?: Partial<Record<'free' | 'standard' | 'explorer', TierLimits>>;
  /** Clock for the windows (tests). */
  now?: () => number;
};

/** Which API the service speaks: the shared spec (default) or LI.FI's production API (server/README.md). */
export type Dialect = 'spec' | 'lifi';

export type ServerOptions = {
  /** `spec` (default) or `lifi`: LI.FI's production shapes, headers and diamond calldata. */
  dialect?: Dialect;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1' | string;
  /** A kind of the shared catalogs, or a catalog of its own (catalogWithChain: one more chain, for a test). */
  catalog?: CatalogKind | Catalog;
  /** API keys and their tiers; or `keysFile`, a JSON file of the same shape. */
  keys?: KeyConfig;
  keysFile?: string;
  /** Multiplies every execution duration (default 1; the devnet runs faster). */
  timeFactor?: number;
  logLevel?: LogLevel;
  devnet?: DevnetHandle;
  rateLimit?: RateLimitOptions;
  /** Key of the route-id tags; keep it stable across restarts so issued steps stay valid. */
  routeSecret?: string;
  /** Largest request body in bytes (default 256 KiB). */
  maxBodyBytes?: number;
  /** Connection caps and time-outs against slow clients (server/http/connectionGuard.ts); defaults in app.ts. */
  connections?: Partial<ConnectionLimits> & { headersTimeoutMs?: number; requestTimeoutMs?: number };
};

export type RunningServer = { url: string; port: number; close(): Promise<void> };
