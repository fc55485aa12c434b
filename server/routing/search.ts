import { type PricedRoute, priceRoute, type SwapMemo } from './priceRoute';
import { overallPath } from './routePath';
import type { RouteRequest } from './routeRequest';
import type { RoutingContext, ToolFailure } from './routingContext';
import { SOLANA_DEPOSIT_BRIDGES } from './solanaSource';

export type FilteredOut = { overallPath: string; reason: string };

export type SearchResult = {
  routes: PricedRoute[];
  /** Why each tool gave nothing (for the 404 of /quote and `unavailableRoutes.failed` of /routes). */
  failures: ToolFailure[];
  /** Tools the request excluded (allow/deny). */
  filteredOut: FilteredOut[];
  /** The swaps priced during the search, for pricing parts of its routes again (server/routing/multiStep.ts). */
  memo?: SwapMemo;
};

/**
 * Enumerates candidates and prices each: on one chain, one swap per exchange; across chains, for every bridge that
 * serves both chains and every asset it moves, bridge directly or with a swap before and/or after (best exchange per
 * swap). At most bridges x assets candidates (about 20 on the default catalog), each a few pool reads.
 */
export function searchRoutes(ctx: RoutingContext, request: RouteRequest): SearchResult {
  const routes: PricedRoute[] = [];
  const failures: ToolFailure[] = [];
  const filteredOut: FilteredOut[] = [];
  const memo: SwapMemo = new Map();
  const { fromChain, toChain } = request;

  // From Solana the person's Solana wallet signs a plain deposit: only bridges that take one (solanaSource.ts).
  if (fromChain.chainType !== 'EVM') return searchFromSolana(ctx, request);

  if (fromChain.id === toChain.id) {
    for (const exchange of ctx.exchangesOn(fromChain.id)) {
      const result = priceRoute(ctx, request, { kind: 'swap', exchanges: [exchange] });
      if (result.ok) routes.push(result.route);
      else failures.push(...result.failures);
    }
    if (ctx.exchangesOn(fromChain.id).length === 0) {
      failures.push({ tool: 'exchange', code: 'NO_POSSIBLE_ROUTE', message: `no exchange on chain ${fromChain.id}` });
    }
    return { routes, failures, filteredOut, memo };
  }

  const srcExchanges = ctx.exchangesOn(fromChain.id);
  // Nothing swaps on arrival on Solana: its routes deliver the bridged token itself.
  const dstExchanges = toChain.chainType === 'EVM' ? ctx.exchangesOn(toChain.id) : [];
  for (const bridge of ctx.catalog.allBridges) {
    if (request.offeredBridges && !request.offeredBridges.has(bridge.key)) continue;
    // A bridge only the LI.FI diamond has a facet for is searched when the request names it (the LI.FI dialect
    // always does, server/lifi/executable.ts); the spec dialect's router never hears of it.
    const lifiOnly = !ctx.catalog.bridges.includes(bridge);
    if (lifiOnly && !request.allowBridges?.has(bridge.key)) continue;
    if (request.denyBridges?.has(bridge.key)) {
      filteredOut.push({ overallPath: overallPath(request, bridge.key), reason: 'bridge denied by the request' });
      continue;
    }
    if (request.allowBridges && !request.allowBridges.has(bridge.key)) {
      filteredOut.push({ overallPath: overallPath(request, bridge.key), reason: 'bridge not in the allowed list' });
      continue;
    }
    if (!bridge.supportedChains.includes(fromChain.id) || !bridge.supportedChains.includes(toChain.id)) {
      failures.push({
        tool: bridge.key,
        code: 'NO_POSSIBLE_ROUTE',
        message: `${bridge.name} does not connect chain ${fromChain.id} to chain ${toChain.id}`,
      });
      continue;
    }
    const bridgeFailures: ToolFailure[] = [];
    let found = false;
    for (const asset of bridge.assets) {
      const result = priceRoute(ctx, request, { kind: 'cross', bridge, asset, srcExchanges, dstExchanges }, memo);
      if (result.ok) {
        routes.push(result.route);
        found = true;
      } else bridgeFailures.push(...result.failures);
    }
    // A bridge that found a route through one asset does not need to explain why the others failed.
    if (!found) failures.push(...mostTelling(bridgeFailures, bridge.key));
  }
  return { routes, failures, filteredOut, memo };
}

/**
 * Routes from Solana: one deposit per bridge that takes one (NEAR Intents), to an EVM chain, the token chosen there
 * paid by the bridge's solver (1Click swaps across assets, so SOL may arrive as ETH). Both dialects offer it: the
 * deposit needs no contract of theirs.
 */
function searchFromSolana(ctx: RoutingContext, request: RouteRequest): SearchResult {
  const routes: PricedRoute[] = [];
  const failures: ToolFailure[] = [];
  const filteredOut: FilteredOut[] = [];
  const { fromChain, toChain, fromToken } = request;
  if (toChain.chainType !== 'EVM') {
    failures.push({ tool: 'router', code: 'NO_POSSIBLE_ROUTE', message: `no route from ${fromChain.name} to itself` });
    return { routes, failures, filteredOut };
  }
  for (const bridge of ctx.catalog.allBridges) {
    if (!SOLANA_DEPOSIT_BRIDGES.has(bridge.key)) continue;
    if (request.offeredBridges && !request.offeredBridges.has(bridge.key)) continue;
    if (request.denyBridges?.has(bridge.key) || (request.allowBridges && !request.allowBridges.has(bridge.key))) {
      filteredOut.push({ overallPath: overallPath(request, bridge.key), reason: 'bridge not allowed by the request' });
      continue;
    }
    if (!bridge.supportedChains.includes(fromChain.id) || !bridge.supportedChains.includes(toChain.id)) {
      const message = `${bridge.name} does not connect chain ${fromChain.id} to chain ${toChain.id}`;
      failures.push({ tool: bridge.key, code: 'NO_POSSIBLE_ROUTE', message });
      continue;
    }
    const asset = fromToken.coinKey ?? fromToken.symbol;
    const result = priceRoute(ctx, request, { kind: 'cross', bridge, asset, srcExchanges: [], dstExchanges: [] });
    if (result.ok) routes.push(result.route);
    else failures.push(...result.failures);
  }
  if (routes.length === 0 && failures.length === 0 && filteredOut.length === 0) {
    failures.push({
      tool: 'router',
      code: 'NO_POSSIBLE_ROUTE',
      message: `no bridge takes a deposit on ${fromChain.name}`,
    });
  }
  return { routes, failures, filteredOut };
}

const SEVERITY: Record<ToolFailure['code'], number> = {
  AMOUNT_TOO_LOW: 5,
  AMOUNT_TOO_HIGH: 5,
  FEES_HIGHER_THAN_AMOUNT: 4,
  INSUFFICIENT_LIQUIDITY: 3,
  NO_POSSIBLE_ROUTE: 1,
};

/** One reason per bridge: the most specific one (an amount problem says more than a missing pool). */
function mostTelling(failures: ToolFailure[], bridgeKey: string): ToolFailure[] {
  const own = failures.filter((f) => f.tool === bridgeKey);
  const pool = own.length > 0 ? own : failures;
  let best: ToolFailure | undefined;
  for (const f of pool) if (!best || SEVERITY[f.code] > SEVERITY[best.code]) best = f;
  return best ? [{ ...best, tool: bridgeKey }] : [];
}
