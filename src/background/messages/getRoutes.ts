import * as v from 'valibot';
import type { RoutesResult } from '../../model/routes';
import { RoutesRequestSchema } from '../../schemas/requests';
import { stableKey } from '../cache/routesCache';
import { fetchVerifiedRoutes, withSettingsDefaults } from '../verifiedRoutes';
import { backgroundMessage } from './define';

/**
 * getRoutes: memoised for 15 s per identical request, shared in flight, and superseded per channel: `channel` names
 * the caller's stream of requests, and a newer request on the same channel aborts the older one (a content script's
 * channel is prefixed with its tab and frame, so a page cannot cancel the popup's search).
 */
export const getRoutes = backgroundMessage({
  access: 'any',
  schema: v.object({
    request: RoutesRequestSchema,
    channel: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  }),
  run: async ({ request, channel }, { settings, routes, api, catalog }, sender): Promise<RoutesResult> => {
    const current = await settings.get();
    const full = withSettingsDefaults(request, current);
    const source = await api.source();
    const scope = sender.kind === 'page' ? 'page' : `tab:${sender.tabId}:${sender.frameId}`;
    return routes.get(stableKey({ source, full }), `${scope}:${channel}`, (signal) =>
      fetchVerifiedRoutes({ api, catalog }, full, signal, current.slippage),
    );
  },
});
