import type { RouteOrder } from '../schemas/requests';

/** The one set of words for route orders: the popup's sort menu and Settings' default order both use these. */
export const ROUTE_ORDER_LABELS: Record<RouteOrder, string> = {
  OUTPUT: 'Most received',
  TIME: 'Fastest',
  GAS: 'Lowest gas',
  COST: 'Lowest total cost',
  SAFETY: 'Safest',
};
