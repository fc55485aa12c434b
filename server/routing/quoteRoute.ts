import type { Address } from 'viem';
import { noQuoteError } from './noQuote';
import type { PricedRoute } from './priceRoute';
import { recipientOf } from './resolveRequest';
import type { RouteRequest } from './routeRequest';
import type { RoutingContext } from './routingContext';
import { searchRoutes } from './search';

/** What a quote's transaction is built for: the chosen route, its sender and who it pays. */
export type QuotedRoute = { route: PricedRoute; from: Address; recipient: string };

/**
 * /v1/quote in both dialects: searches, keeps the first route `rank` returns, and names who signs and who receives.
 * No route is a 404 (code 1002) with each tool's reason. The dialect has already required `fromAddress`.
 */
export function quoteRoute(
  ctx: RoutingContext,
  request: RouteRequest,
  rank: (routes: PricedRoute[]) => PricedRoute[],
): QuotedRoute {
  const result = searchRoutes(ctx, request);
  const best = rank(result.routes)[0];
  if (!best) throw noQuoteError(result);
  // Both dialects require fromAddress before resolving the request.
  const from = request.fromAddress!;
  return { route: best, from, recipient: recipientOf(request, from, 'toAddress') };
}
