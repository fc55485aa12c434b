import type { ToolsResponse } from '../schemas/catalog';
import type { RoutingClient } from './client';

type LoadTools = (client: RoutingClient, params: { signal?: AbortSignal | undefined }) => Promise<ToolsResponse>;

// One tools listing per client (a client lives until the settings change): needed only to sort the person's tool
// preferences into the lists each dialect accepts.
const listings = new WeakMap<RoutingClient, Promise<ToolsResponse>>();

/** The service's tools listing, asked once per client with the dialect's own action; a failed ask is asked again. */
export function toolListingOf(
  client: RoutingClient,
  load: LoadTools,
  signal: AbortSignal | undefined,
): Promise<ToolsResponse> {
  let listing = listings.get(client);
  if (!listing) {
    listing = load(client, { signal });
    listing.catch(() => listings.delete(client));
    listings.set(client, listing);
  }
  return listing;
}

export type ToolLists = {
  allow?: readonly string[] | undefined;
  deny?: readonly string[] | undefined;
  prefer?: readonly string[] | undefined;
};

export const hasToolLists = (lists: ToolLists | undefined): lists is ToolLists =>
  !!lists && [lists.allow, lists.deny, lists.prefer].some((list) => list && list.length > 0);

/** The lists with only the keys in `keys`; undefined when nothing is left. */
export function keepTools(lists: ToolLists, keys: ReadonlySet<string>): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const name of ['allow', 'deny', 'prefer'] as const) {
    const list = (lists[name] ?? []).filter((key) => keys.has(key));
    if (list.length > 0) out[name] = list;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
