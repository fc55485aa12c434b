import type { LiFiStep, Order, RoutesResponse } from '@lifi/types';
import * as v from 'valibot';
import { ErrorCode } from '../../src/schemas/error';
import type { RouteOrder } from '../../src/schemas/requests';
import type { CatalogToken } from '../catalog/catalogToken';
import type { Handler } from '../handlers/handler';
import { json } from '../handlers/handler';
import { noQuoteError, unavailableRoutes } from '../handlers/noQuote';
import { resolveStepRequest, samePath } from '../handlers/stepTransaction';
import { ApiError, invalidField } from '../http/apiError';
import { parseRequest } from '../http/validate';
import { splitAtDestination } from '../routing/multiStep';
import { type PricedRoute, priceRoute } from '../routing/priceRoute';
import { ROUTES_FIELDS, recipientOf, resolveRouteRequest, walletAddress } from '../routing/resolveRequest';
import { decodeStepId, identityOf } from '../routing/routePath';
import type { RouteRequest } from '../routing/routeRequest';
import { specOf } from '../routing/routeSpec';
import { searchRoutes } from '../routing/search';
import { sortRoutes, toolOf } from '../routing/sortRoutes';
import type { ServiceContext } from '../serviceContext';
import { lifiMultiStepRoute } from './multiStep';
import { lifiChains, lifiRoute, lifiStep, lifiTokens, lifiTools } from './present';
import {
  type LifiOrder,
  LifiQuoteQuerySchema,
  LifiRoutesRequestSchema,
  LifiStatusQuerySchema,
  LifiStepSchema,
  QUOTE_LIST_PARAMS,
} from './requests';
import { type LifiStatusAnswer, lifiStatus } from './status';

/** The bridges the diamond has a facet for here: AcrossFacetV4 only. Others are filtered out, with the reason. */
export const EXECUTABLE_BRIDGES: ReadonlySet<string> = new Set(['across']);
const DEFAULT_INTEGRATOR = 'lifi-api';

/** FASTEST: shortest duration; CHEAPEST (and the deprecated RECOMMENDED): most received; SAFEST: fewest legs. */
const ORDER_OF: Record<LifiOrder, RouteOrder> = {
  FASTEST: 'TIME',
  CHEAPEST: 'OUTPUT',
  RECOMMENDED: 'OUTPUT',
  SAFEST: 'SAFETY',
};

type ToolFilter = { allow?: readonly string[]; deny?: readonly string[]; prefer?: readonly string[] };

function chainIdOf(ctx: ServiceContext, ref: string, field: string): number {
  if (/^[0-9]+$/.test(ref)) return Number(ref);
  const chain = ctx.catalog.chains.find((c) => c.key === ref);
  if (!chain) throw invalidField(field, `unknown chain ${ref}`);
  return chain.id;
}

function tokenAddressOf(ctx: ServiceContext, chainId: number, ref: string, field: string): string {
  if (ref.startsWith('0x')) return ref;
  const found = (ctx.catalog.tokensByChain.get(chainId) ?? []).find(
    (t: CatalogToken) => t.symbol.toLowerCase() === ref.toLowerCase(),
  );
  if (!found) throw invalidField(field, `unknown token ${ref} on chain ${chainId}`);
  return found.address;
}

function checkTools(
  ctx: ServiceContext,
  filter: ToolFilter | undefined,
  kind: 'bridges' | 'exchanges',
  prefix: string,
) {
  const known =
    kind === 'bridges' ? (key: string) => ctx.catalog.getBridge(key) : (key: string) => ctx.catalog.getExchange(key);
  for (const list of ['allow', 'deny', 'prefer'] as const) {
    const unknown = (filter?.[list] ?? []).filter((key) => !known(key));
    if (unknown.length > 0)
      throw invalidField(`${prefix}${list}`, `unknown ${kind.slice(0, -1)} ${unknown.join(', ')}`);
  }
}

/** Bridges the search may use: the request's allow list (or all) minus its deny list, cut to the executable ones. */
function bridgeFilter(ctx: ServiceContext, filter: ToolFilter | undefined) {
  const allowed = (filter?.allow ?? ctx.catalog.bridges.map((b) => b.key)).filter((key) => EXECUTABLE_BRIDGES.has(key));
  return { allowBridges: allowed, denyBridges: filter?.deny };
}

/**
 * Routes the diamond can execute through allowed exchanges. One transaction cannot swap on the destination (no
 * message handler here): such a route is executable only as two steps (`steps`), never as one quote.
 */
function executable(route: PricedRoute, exchanges: ToolFilter | undefined, steps: 'one' | 'several' = 'one'): boolean {
  if (route.path.kind === 'cross' && route.path.dstExchange && steps === 'one') return false;
  for (const leg of route.legs) {
    if (leg.kind !== 'swap') continue;
    const key = leg.quote.exchange.key;
    if (exchanges?.allow && !exchanges.allow.includes(key)) return false;
    if (exchanges?.deny?.includes(key)) return false;
  }
  return true;
}

function ordered(routes: PricedRoute[], order: LifiOrder | undefined, bridges?: ToolFilter, exchanges?: ToolFilter) {
  const prefer = [...(bridges?.prefer ?? []), ...(exchanges?.prefer ?? [])];
  return sortRoutes(routes, ORDER_OF[order ?? 'CHEAPEST'], prefer.length > 0 ? prefer : undefined);
}

/** Production tags the winners: CHEAPEST (most received), FASTEST (shortest), RECOMMENDED (first of the order). */
function tagsOf(routes: readonly PricedRoute[]): Map<PricedRoute, Order[]> {
  const tags = new Map<PricedRoute, Order[]>(routes.map((r) => [r, []]));
  const first = routes[0];
  if (!first) return tags;
  tags.get(first)?.push('RECOMMENDED');
  const cheapest = routes.reduce((a, b) => (b.toAmount > a.toAmount ? b : a));
  tags.get(cheapest)?.push('CHEAPEST');
  const fastest = routes.reduce((a, b) => (b.durationSec < a.durationSec ? b : a));
  tags.get(fastest)?.push('FASTEST');
  return tags;
}

function lifiUnavailable(
  request: RouteRequest,
  result: ReturnType<typeof searchRoutes>,
): RoutesResponse['unavailableRoutes'] {
  const base = unavailableRoutes(request, result);
  const action = {
    fromChainId: request.fromChain.id,
    toChainId: request.toChain.id,
    fromAmount: request.fromAmount.toString(),
    fromToken: {
      address: request.fromToken.address,
      chainId: request.fromChain.id,
      symbol: request.fromToken.symbol,
      decimals: request.fromToken.decimals,
      name: request.fromToken.name,
      priceUSD: request.fromToken.priceUSD,
    },
    toToken: {
      address: request.toToken.address,
      chainId: request.toChain.id,
      symbol: request.toToken.symbol,
      decimals: request.toToken.decimals,
      name: request.toToken.name,
      priceUSD: request.toToken.priceUSD,
    },
  };
  return {
    filteredOut: base.filteredOut,
    failed: base.failed.map((entry) => ({
      overallPath: entry.overallPath,
      subpaths: Object.fromEntries(
        Object.entries(entry.subpaths).map(([path, errors]) => [
          path,
          errors.map((error) => ({ ...error, errorType: 'NO_QUOTE' as const, action })),
        ]),
      ),
    })),
  };
}

/** POST /v1/advanced/routes: `{routes, unavailableRoutes}`, each route one LiFiStep without a transaction. */
export const postLifiRoutes: Handler = async (ctx, req) => {
  const body = parseRequest(LifiRoutesRequestSchema, await req.body());
  const options = body.options ?? {};
  checkTools(ctx, options.bridges, 'bridges', 'options.bridges.');
  checkTools(ctx, options.exchanges, 'exchanges', 'options.exchanges.');
  const request = resolveRouteRequest(
    ctx,
    {
      fromChain: body.fromChainId,
      toChain: body.toChainId,
      fromToken: body.fromTokenAddress,
      toToken: body.toTokenAddress,
      fromAmount: body.fromAmount,
      fromAddress: body.fromAddress,
      toAddress: body.toAddress,
      slippage: options.slippage,
      ...bridgeFilter(ctx, options.bridges),
    },
    ROUTES_FIELDS,
  );
  const result = searchRoutes(ctx, request);
  // A destination swap becomes a second step the person signs on the destination chain (multiStep.ts).
  const split = new Map<PricedRoute, readonly PricedRoute[]>();
  for (const route of result.routes) {
    const steps = splitAtDestination(ctx, route, result.memo);
    if (steps) split.set(route, steps);
  }
  const routes = ordered(
    result.routes.filter((r) => executable(r, options.exchanges, split.has(r) ? 'several' : 'one')),
    options.order,
    options.bridges,
    options.exchanges,
  );
  const tags = tagsOf(routes);
  const integrator = options.integrator ?? DEFAULT_INTEGRATOR;
  const answer = {
    routes: routes.map((route) => {
      const steps = split.get(route);
      return steps
        ? lifiMultiStepRoute(ctx, steps, integrator, tags.get(route) ?? [])
        : lifiRoute(ctx, route, integrator, tags.get(route) ?? []);
    }),
    unavailableRoutes: lifiUnavailable(request, result),
  } satisfies RoutesResponse;
  return json(answer);
};

/** Repeated or comma-separated list parameters of /v1/quote. */
function listParam(url: URL, name: string): string[] | undefined {
  const values = url.searchParams.getAll(name).flatMap((value) => value.split(','));
  if (values.length === 0) return undefined;
  for (const value of values)
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/i.test(value)) throw invalidField(name, 'must list tool keys');
  return values;
}

/** GET /v1/quote: the best route as a LiFiStep with its transaction request. `fromAddress` is required. */
export const getLifiQuote: Handler = (ctx, req) => {
  const q = parseRequest(LifiQuoteQuerySchema, req.query);
  const lists = Object.fromEntries(QUOTE_LIST_PARAMS.map((name) => [name, listParam(req.url, name)])) as Record<
    (typeof QUOTE_LIST_PARAMS)[number],
    string[] | undefined
  >;
  const bridges = { allow: lists.allowBridges, deny: lists.denyBridges, prefer: lists.preferBridges };
  const exchanges = { allow: lists.allowExchanges, deny: lists.denyExchanges, prefer: lists.preferExchanges };
  checkTools(ctx, bridges, 'bridges', '');
  checkTools(ctx, exchanges, 'exchanges', '');
  const fromChain = chainIdOf(ctx, q.fromChain, 'fromChain');
  const toChain = chainIdOf(ctx, q.toChain, 'toChain');
  const request = resolveRouteRequest(
    ctx,
    {
      fromChain,
      toChain,
      fromToken: tokenAddressOf(ctx, fromChain, q.fromToken, 'fromToken'),
      toToken: tokenAddressOf(ctx, toChain, q.toToken, 'toToken'),
      fromAmount: q.fromAmount,
      fromAddress: q.fromAddress,
      toAddress: q.toAddress,
      slippage: q.slippage,
      ...bridgeFilter(ctx, bridges),
    },
    {
      fromChain: 'fromChain',
      toChain: 'toChain',
      fromToken: 'fromToken',
      toToken: 'toToken',
      fromAmount: 'fromAmount',
      fromAddress: 'fromAddress',
      toAddress: 'toAddress',
    },
  );
  const result = searchRoutes(ctx, request);
  const best = ordered(
    result.routes.filter((r) => executable(r, exchanges)),
    q.order,
    bridges,
    exchanges,
  )[0];
  if (!best) throw noQuoteError(result);
  const from = request.fromAddress!;
  const step = lifiStep(ctx, best, q.integrator ?? DEFAULT_INTEGRATOR, {
    from,
    recipient: recipientOf(request, from, 'toAddress'),
    now: Math.floor(Date.now() / 1000),
  }) satisfies LiFiStep;
  return json(step);
};

/**
 * POST /v1/advanced/stepTransaction: the step as the body (no query, as the SDK sends it). Re-derived from its id
 * and action and priced again; a fresh output below the step's toAmountMin is a 409 (code 1007), and the floor is
 * never lowered.
 */
export const postLifiStepTransaction: Handler = async (ctx, req) => {
  const step = parseRequest(LifiStepSchema, await req.body());
  const sender = walletAddress(step.action.fromAddress, 'action.fromAddress');
  // Checked against the step's destination chain (an EVM address, or a Solana key) when the step is resolved.
  const request = resolveStepRequest(ctx, step.action, sender, step.action.toAddress ?? step.action.fromAddress);
  const recipient = request.toAddress!;
  const stepMin = BigInt(step.estimate.toAmountMin);
  if (stepMin > BigInt(step.estimate.toAmount)) {
    throw invalidField('estimate.toAmountMin', 'must not exceed estimate.toAmount');
  }
  for (const side of ['fromToken', 'toToken'] as const) {
    if (step.action[side].decimals !== request[side].decimals) {
      throw invalidField(`action.${side}.decimals`, `must be ${request[side].decimals}`);
    }
  }
  const decoded = decodeStepId(ctx.routeSecret, step.id, identityOf(request));
  if (!decoded) throw invalidField('id', 'is not a step issued by this service for this action');
  const { path, followsPrevious } = decoded;
  const expectedTool = path.kind === 'swap' ? path.exchange : path.bridge;
  if (step.tool !== expectedTool) throw invalidField('tool', `must be ${expectedTool} for this step`);
  const priced = priceRoute(ctx, request, specOf(ctx, request, path));
  if (!priced.ok) throw noQuoteError({ routes: [], failures: priced.failures, filteredOut: [] });
  const fresh = priced.route;
  if (!samePath(fresh.path, path)) throw invalidField('id', 'the route no longer takes the same path');
  if (!executable(fresh, undefined)) throw invalidField('id', 'is not executable through the diamond');
  if (fresh.toAmount < stepMin) {
    throw new ApiError(
      409,
      ErrorCode.Slippage,
      `The rate moved beyond the accepted slippage: the step now returns ${fresh.toAmount}, below its toAmountMin ${stepMin}.`,
      { errors: { 'estimate.toAmountMin': `fresh estimate ${fresh.toAmount} is below ${stepMin}` } },
    );
  }
  const route: PricedRoute = { ...fresh, toAmountMin: fresh.toAmountMin > stepMin ? fresh.toAmountMin : stepMin };
  const answer = lifiStep(
    ctx,
    route,
    step.integrator ?? DEFAULT_INTEGRATOR,
    { from: sender, recipient, now: Math.floor(Date.now() / 1000) },
    { followsPrevious },
  ) satisfies LiFiStep;
  if (toolOf(route) !== expectedTool) throw invalidField('tool', `must be ${expectedTool}`);
  return json(answer);
};

/** GET /v1/status: LI.FI's StatusResponse; an unknown hash is a 200 NOT_FOUND. */
export const getLifiStatus: Handler = async (ctx, req) => {
  const { txHash } = parseRequest(LifiStatusQuerySchema, req.query);
  const hash = txHash.toLowerCase() as `0x${string}`;
  if (!ctx.status) return json({ status: 'NOT_FOUND' } satisfies LifiStatusAnswer);
  return json(lifiStatus(ctx.catalog, await ctx.status.getStatus(hash), hash));
};

const ChainTypesSchema = v.object({
  chainTypes: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z]{2,8}(,[A-Z]{2,8})*$/, 'must list chain types such as EVM')),
  ),
});
const ChainsListSchema = v.object({
  chains: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]{1,20}(,[a-z0-9]{1,20})*$/, 'must list chain IDs or keys'))),
});

function chainList(ctx: ServiceContext, query: Record<string, string>): number[] | undefined {
  const { chains } = parseRequest(ChainsListSchema, query);
  if (!chains) return undefined;
  const ids = [...new Set(chains.split(',').map((ref) => chainIdOf(ctx, ref, 'chains')))].sort((a, b) => a - b);
  const unknown = ids.filter((id) => !ctx.catalog.getChain(id) || (ctx.servedChains && !ctx.servedChains.has(id)));
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

/** The lifi dialect's endpoints. */
export const LIFI_ROUTES: ReadonlyMap<string, Partial<Record<'GET' | 'POST', Handler>>> = new Map([
  ['/v1/chains', { GET: getLifiChains }],
  ['/v1/tokens', { GET: getLifiTokens }],
  ['/v1/tools', { GET: getLifiTools }],
  ['/v1/quote', { GET: getLifiQuote }],
  ['/v1/advanced/routes', { POST: postLifiRoutes }],
  ['/v1/advanced/stepTransaction', { POST: postLifiStepTransaction }],
  ['/v1/status', { GET: getLifiStatus }],
]);
