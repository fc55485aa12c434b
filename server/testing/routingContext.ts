import { type CatalogKind, getCatalog } from '../catalog/catalog';
import { BodyCache } from '../http/cachedBody';
import { createLogger } from '../log';
import type { ServerOptions } from '../options';
import type { RoutingContext } from '../routing/routingContext';
import { buildServiceContext } from '../serviceSetup';

/** The routing context a server builds for `options`, for tests that call the shared core without HTTP. */
export function routingContextOf(kind: CatalogKind = 'default', options: ServerOptions = {}): RoutingContext {
  return buildServiceContext({
    options,
    catalog: getCatalog(kind),
    log: createLogger('silent'),
    listingsCache: new BodyCache(),
  }).context;
}
