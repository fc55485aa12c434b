import { ChainsFilterQuerySchema, ChainsQuerySchema } from '../../src/schemas/requests';
import { listChains, listTokens, listTools, unknownChainIds } from '../catalog/listings';
import { invalidField } from '../http/apiError';
import type { Handler } from '../http/handler';
import { parseRequest } from '../http/validate';
import type { ServiceContext } from '../serviceContext';

/** Sorted unique chain IDs of a `chains` filter; unknown IDs are a 400 naming them. */
function chainFilter(ctx: ServiceContext, query: Record<string, string>): number[] | undefined {
  const { chains } = parseRequest(ChainsFilterQuerySchema, query);
  if (!chains) return undefined;
  const ids = [...new Set(chains.map(Number))].sort((a, b) => a - b);
  const unknown = unknownChainIds(ctx.catalog, ids, ctx.servedChains);
  if (unknown.length > 0) throw invalidField('chains', `unknown chain IDs: ${unknown.join(', ')}`);
  return ids;
}

export const getChains: Handler = (ctx, req) => {
  const { chainTypes } = parseRequest(ChainsQuerySchema, req.query);
  const types = chainTypes ? [...new Set(chainTypes)].sort() : undefined;
  const key = types ? types.join(',') : '*';
  return {
    kind: 'cached',
    body: ctx.chainsCache.get(key, () => listChains(ctx.catalog, types, ctx.chainOverrides, ctx.servedChains)),
  };
};

export const getTokens: Handler = (ctx, req) => {
  const ids = chainFilter(ctx, req.query);
  const key = `tokens:${ids ? ids.join(',') : '*'}`;
  return { kind: 'cached', body: ctx.listingsCache.get(key, () => listTokens(ctx.catalog, ids, ctx.servedChains)) };
};

export const getTools: Handler = (ctx, req) => {
  const ids = chainFilter(ctx, req.query);
  const key = `tools:${ids ? ids.join(',') : '*'}`;
  return { kind: 'cached', body: ctx.listingsCache.get(key, () => listTools(ctx.catalog, ids, ctx.servedChains)) };
};

/** Serializes the unfiltered token and tool listings ahead of the first request (megabytes on the large catalog). */
export function warmListings(ctx: ServiceContext): void {
  ctx.listingsCache.get('tokens:*', () => listTokens(ctx.catalog, undefined, ctx.servedChains));
  ctx.listingsCache.get('tools:*', () => listTools(ctx.catalog, undefined, ctx.servedChains));
}
