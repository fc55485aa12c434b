import type { RouteOrder } from '../../src/schemas/requests';
import type { PricedRoute } from './priceRoute';

/** A route of several steps counts its signatures (server/routing/multiStep.ts): SAFETY prefers fewer. */
type Sortable = PricedRoute & { signatures?: number };
const signatures = (route: Sortable) => route.signatures ?? 1;

const byOutput = (a: PricedRoute, b: PricedRoute) => (a.toAmount === b.toAmount ? 0 : a.toAmount > b.toAmount ? -1 : 1);

const comparators: Record<RouteOrder, (a: Sortable, b: Sortable) => number> = {
  OUTPUT: byOutput,
  TIME: (a, b) => a.durationSec - b.durationSec || byOutput(a, b),
  GAS: (a, b) => a.gasUSD - b.gasUSD || byOutput(a, b),
  COST: (a, b) => a.gasUSD + a.feeUSD - (b.gasUSD + b.feeUSD) || byOutput(a, b),
  SAFETY: (a, b) =>
    signatures(a) - signatures(b) || a.legs.length - b.legs.length || b.reliability - a.reliability || byOutput(a, b),
};

export function toolOf(route: PricedRoute): string {
  return route.path.kind === 'swap' ? route.path.exchange : route.path.bridge;
}

/**
 * Sorts by the order; routes through a preferred bridge come first (each group keeps the order), which is how a
 * preference "affects sorting" without hiding the others.
 */
export function sortRoutes<T extends Sortable>(routes: T[], order: RouteOrder, prefer?: readonly string[]): T[] {
  const compare = comparators[order];
  const preferred = prefer && prefer.length > 0 ? new Set(prefer) : undefined;
  return [...routes].sort((a, b) => {
    if (preferred) {
      const pa = preferred.has(toolOf(a)) ? 0 : 1;
      const pb = preferred.has(toolOf(b)) ? 0 : 1;
      if (pa !== pb) return pa - pb;
    }
    return compare(a, b);
  });
}
