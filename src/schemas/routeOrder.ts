/** The sort orders of the routes request (the spec's `options.order`), and of the settings and the popup. */
export const ROUTE_ORDERS = ['OUTPUT', 'TIME', 'GAS', 'COST', 'SAFETY'] as const;
export type RouteOrder = (typeof ROUTE_ORDERS)[number];
