import { compactBridges } from '../../format/bridges';
import type { RoutesRequest } from '../../schemas/requests';
import type { Settings } from '../../storage/settings';
import { stableKey } from '../cache/routesCache';
import type { BackgroundDeps } from '../deps';
import { GetRoutesSchema, NoDataSchema } from './messageSchemas';

/** The person's settings fill in what the request leaves out (slippage, order, bridge lists). */
export function withSettingsDefaults(request: RoutesRequest, settings: Settings): RoutesRequest {
  const bridges = compactBridges(settings.bridges);
  return {
    ...request,
    options: {
      ...request.options,
      slippage: request.options?.slippage ?? settings.slippage,
      order: request.options?.order ?? settings.routeOrder,
      ...(request.options?.bridges || !bridges ? {} : { bridges }),
    },
  };
}

/**
 * getRoutes: memoised for 15 s per identical request, shared in flight, and superseded per channel (a content
 * script's channel is prefixed with its tab and frame, so a page cannot cancel the popup's search).
 */
export function registerRouteHandlers({ handle, settings, routes, api }: BackgroundDeps): void {
  handle('getRoutes', {
    access: 'any',
    schema: GetRoutesSchema,
    run: async ({ request, channel }, sender) => {
      const full = withSettingsDefaults(request, await settings.get());
      const source = await api.source();
      const scope = sender.kind === 'page' ? 'page' : `tab:${sender.tabId}:${sender.frameId}`;
      return routes.get(stableKey({ source, full }), `${scope}:${channel}`, (signal) =>
        api.getRoutes({ ...full, signal }),
      );
    },
  });
  // Asked by the popup while a search takes long: a hold the service asked for is then said, with its end.
  handle('getServiceHold', {
    access: 'page',
    schema: NoDataSchema,
    run: async () => ({ until: api.heldUntil() }),
  });
}
