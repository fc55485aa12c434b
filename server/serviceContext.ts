import type { ChainEndpointOverride } from './catalog/chainJson';
import type { BodyCache } from './http/cachedBody';
import type { Logger } from './log';
import type { StatusSource } from './ports';
import type { RoutingContext } from './routing/routingContext';

/** What every handler can read: the routing context plus listings caches, status source and logger. */
export type ServiceContext = RoutingContext & {
  log: Logger;
  /** Present in devnet mode; without it every well-formed hash is NOT_FOUND. */
  status?: StatusSource;
  chainOverrides: ReadonlyMap<number, ChainEndpointOverride>;
  /** Serialized /v1/chains bodies (per server: devnet overrides change them). */
  chainsCache: BodyCache;
  /** Serialized /v1/tokens and /v1/tools bodies (per catalog, shared by servers of the same catalog). */
  listingsCache: BodyCache;
};
