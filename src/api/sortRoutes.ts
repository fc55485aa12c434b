import type { RouteOrder } from '../schemas/requests';
import type { Route } from '../schemas/route';

/**
 * Client-side route order, for services that do not sort by every order the extension offers (LI.FI sorts by
 * FASTEST or CHEAPEST only). Same rules as the reference service's (server/routing/sortRoutes.ts), read from the
 * internal route: OUTPUT the highest toAmount, TIME the shortest executionDuration, GAS the lowest gas in USD,
 * COST the lowest gas plus fees in USD, SAFETY the fewest included steps (a service's SAFEST/RECOMMENDED tag first
 * among equals); ties fall back to output. Routes through a preferred tool come first, each group keeping the order.
 */
export function sortRoutes(routes: readonly Route[], order: RouteOrder, prefer?: readonly string[]): Route[] {
  const compare = comparators[order];
  const preferred = prefer && prefer.length > 0 ? new Set(prefer) : undefined;
  const rank = (route: Route) => (preferred?.has(route.tool) ? 0 : 1);
  return [...routes].sort((a, b) => rank(a) - rank(b) || compare(a, b));
}

const toAmount = (route: Route) => BigInt(route.estimate.toAmount);
const byOutput = (a: Route, b: Route) => {
  const [x, y] = [toAmount(a), toAmount(b)];
  return x === y ? 0 : x > y ? -1 : 1;
};
// Unknown duration or cost sorts last, not first: a route that does not say is no faster or cheaper.
const duration = (route: Route) => route.estimate.executionDuration ?? Number.POSITIVE_INFINITY;
const usd = (items: readonly { amountUSD?: string | undefined }[] | undefined) =>
  items && items.length > 0 ? items.reduce((sum, item) => sum + Number(item.amountUSD ?? 0), 0) : undefined;
const gasUsd = (route: Route) => usd(route.estimate.gasCosts) ?? Number.POSITIVE_INFINITY;
const costUsd = (route: Route) => gasUsd(route) + (usd(route.estimate.feeCosts) ?? 0);
const steps = (route: Route) => Math.max(1, route.includedSteps?.length ?? 1);
const SAFE_TAGS = new Set(['SAFEST', 'RECOMMENDED']);
const tagged = (route: Route) => {
  const tags = (route as { tags?: unknown }).tags;
  return Array.isArray(tags) && tags.some((tag) => SAFE_TAGS.has(tag)) ? 0 : 1;
};

const comparators: Record<RouteOrder, (a: Route, b: Route) => number> = {
  OUTPUT: byOutput,
  TIME: (a, b) => duration(a) - duration(b) || byOutput(a, b),
  GAS: (a, b) => gasUsd(a) - gasUsd(b) || byOutput(a, b),
  COST: (a, b) => costUsd(a) - costUsd(b) || byOutput(a, b),
  SAFETY: (a, b) => steps(a) - steps(b) || tagged(a) - tagged(b) || byOutput(a, b),
};
