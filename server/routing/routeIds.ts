import type { PricedRoute } from './priceRoute';
import { encodeRouteId, FOLLOWS_PREVIOUS_STEP, identityOf } from './routePath';
import type { RoutingContext } from './routingContext';

/** The id of a priced route (both dialects): its path and a tag binding it to the action it was priced for. */
export function routeIdOf(ctx: RoutingContext, route: PricedRoute): string {
  return encodeRouteId(ctx.routeSecret, route.path, identityOf(route.request));
}

/**
 * The id of a later step of a multi-step route, which is asked for with whatever the previous step delivered: bound
 * to its path, chains and tokens, not to an amount (server/routing/multiStep.ts).
 */
export function followingStepIdOf(ctx: RoutingContext, route: PricedRoute): string {
  return encodeRouteId(ctx.routeSecret, route.path, {
    ...identityOf(route.request),
    fromAmount: FOLLOWS_PREVIOUS_STEP,
  });
}
