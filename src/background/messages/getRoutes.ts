import * as v from 'valibot';
import type { RoutesResult } from '../../model/routes';
import { RouteSearchSchema } from '../../schemas/requests';
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
    request: RouteSearchSchema,
    channel: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    /** The popup's automatic refresh spends only what is above the reserve kept for the person's own searches. */
    purpose: v.optional(v.picklist(['transfer', 'refresh'])),
  }),
  run: async ({ request, channel, purpose }, { settings, routes, api, catalog }, sender): Promise<RoutesResult> => {
    const current = await settings.get();
    const full = withSettingsDefaults(request, current);
    const source = await api.source();
    const scope = sender.kind === 'page' ? 'page' : `tab:${sender.tabId}:${sender.frameId}`;
    return routes.get(stableKey({ source, full }), `${scope}:${channel}`, (signal) =>
      // A content script's search is the card's, whatever it says: never the transfer's reserve.
      fetchVerifiedRoutes(
        { api, catalog },
        full,
        signal,
        current.slippage,
        sender.kind === 'page' ? (purpose ?? 'transfer') : 'card',
      ),
    );
  },
});
