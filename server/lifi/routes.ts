import type { Order, RoutesResponse } from '@lifi/types';
import type { Handler } from '../http/handler';
import { json } from '../http/handler';
import { parseRequest } from '../http/validate';
import { splitAtDestination } from '../routing/multiStep';
import { unavailableRoutes } from '../routing/noQuote';
import type { PricedRoute } from '../routing/priceRoute';
import { checkToolLists, resolveRoutesBody } from '../routing/resolveRequest';
import type { RouteRequest } from '../routing/routeRequest';
import { searchRoutes } from '../routing/search';
import { bridgeFilter, checkOfferedBridges, DEFAULT_INTEGRATOR, executable, ordered } from './executable';
import { withGasOnArrival } from './gasRequest';
import { lifiMultiStepRoute } from './multiStep';
import { lifiRoute } from './present';
import { integratorHeader, LifiRoutesRequestSchema } from './requests';

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

/** The shared `unavailableRoutes`, each failure carrying the request's action as `@lifi/types` ToolError does. */
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
  checkToolLists(ctx, 'bridge', options.bridges, 'options.bridges.');
  checkOfferedBridges(ctx, options.bridges, 'options.bridges.');
  checkToolLists(ctx, 'exchange', options.exchanges, 'options.exchanges.');
  const request = withGasOnArrival(
    resolveRoutesBody(ctx, body, bridgeFilter(ctx, options.bridges)),
    body.fromAmountForGas,
  );
  const result = searchRoutes(ctx, request);
  // A destination swap becomes a second step the person signs on the destination chain (multiStep.ts), only
  // asked for with `allowSwitchChain`: without it, such a route is one step the diamond cannot make (executable).
  const split = new Map<PricedRoute, readonly PricedRoute[]>();
  for (const route of options.allowSwitchChain === true ? result.routes : []) {
    const steps = splitAtDestination(ctx, route, result.memo);
    if (steps) split.set(route, steps);
  }
  const routes = ordered(
    // Routes that switch chains (a second signature on the destination) only when asked for, as li.quest does:
    // `allowSwitchChain` defaults to false there (`@lifi/types` RouteOptionsBase), and nothing was split above.
    result.routes.filter((r) => executable(r, options.exchanges, split.has(r) ? 'several' : 'one')),
    options.order,
    options.bridges,
    options.exchanges,
  );
  const tags = tagsOf(routes);
  // The body's integrator, else the one the caller names in `x-lifi-integrator` (the SDK and the extension send it).
  const integrator = options.integrator ?? integratorHeader(req.raw.headers) ?? DEFAULT_INTEGRATOR;
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
