import type { Token } from '@lifi/types';
import * as v from 'valibot';
import { ErrorCode } from '../../src/schemas/error';
import { unknownChainIds } from '../catalog/listings';
import { ApiError, invalidField } from '../http/apiError';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import type { ServiceContext } from '../serviceContext';
import { lifiChains, lifiToken, lifiTokens, lifiTools } from './present';
import { chainIdOf } from './refs';

const ChainTypesSchema = v.object({
  chainTypes: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z]{2,8}(,[A-Z]{2,8})*$/, 'must list chain types such as EVM')),
  ),
});
const ChainsListSchema = v.object({
  chains: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]{1,20}(,[a-z0-9]{1,20})*$/, 'must list chain IDs or keys'))),
});

/** Sorted unique chain IDs of a `chains` filter (IDs or keys); unknown ones are a 400 naming them. */
function chainList(ctx: ServiceContext, query: Record<string, string>): number[] | undefined {
  const { chains } = parseRequest(ChainsListSchema, query);
  if (!chains) return undefined;
  const ids = [...new Set(chains.split(',').map((ref) => chainIdOf(ctx, ref, 'chains')))].sort((a, b) => a - b);
  const unknown = unknownChainIds(ctx.catalog, ids, ctx.servedChains);
  if (unknown.length > 0) throw invalidField('chains', `unknown chain IDs: ${unknown.join(', ')}`);
  return ids;
}

export const getLifiChains: Handler = (ctx, req) => {
  const { chainTypes } = parseRequest(ChainTypesSchema, req.query);
  const types = chainTypes ? [...new Set(chainTypes.split(','))].sort() : undefined;
  const key = `lifi:${types ? types.join(',') : '*'}`;
  return {
    kind: 'cached',
    body: ctx.chainsCache.get(key, () => lifiChains(ctx.catalog, types, ctx.chainOverrides, ctx.servedChains)),
  };
};

export const getLifiTokens: Handler = (ctx, req) => {
  const ids = chainList(ctx, req.query);
  const key = `lifi:tokens:${ids ? ids.join(',') : '*'}`;
  return { kind: 'cached', body: ctx.listingsCache.get(key, () => lifiTokens(ctx.catalog, ids, ctx.servedChains)) };
};

export const getLifiTools: Handler = (ctx, req) => {
  const ids = chainList(ctx, req.query);
  const key = `lifi:tools:${ids ? ids.join(',') : '*'}`;
  return { kind: 'cached', body: ctx.listingsCache.get(key, () => lifiTools(ctx.catalog, ids, ctx.servedChains)) };
};

const TokenQuerySchema = v.object({
  chain: v.pipe(v.string('is required'), v.regex(/^([1-9][0-9]{0,17}|[a-z]{3,5})$/, 'must be a chain ID or key')),
  token: v.pipe(v.string('is required'), v.minLength(1, 'is required'), v.maxLength(64)),
});

/**
 * GET /v1/token?chain=&token=: one token of the listing, by address or symbol, with its verification and tags as in
 * /v1/tokens (`@lifi/types` Token). One the chain does not list is a 404, code 1003, as li.quest answers it.
 */
export const getLifiToken: Handler = (ctx, req) => {
  const q = parseRequest(TokenQuerySchema, req.query);
  const chainId = chainIdOf(ctx, q.chain, 'chain');
  const unknown = unknownChainIds(ctx.catalog, [chainId], ctx.servedChains);
  if (unknown.length > 0) throw invalidField('chain', `unknown chain ID: ${chainId}`);
  const tokens = ctx.catalog.tokensByChain.get(chainId) ?? [];
  const ref = q.token.toLowerCase();
  const found =
    tokens.find((t) => t.address.toLowerCase() === ref) ?? tokens.find((t) => t.symbol.toLowerCase() === ref);
  if (!found) throw new ApiError(404, ErrorCode.NotFound, `No token ${q.token} on chain ${chainId}`);
  return json(lifiToken(found) satisfies Token);
};
