import { type ChosenTokens, verifyRoute } from '../../checks/choice';
import type { TransferChoice } from '../../model/choice';
import type { Route, RoutesResponse } from '../../schemas/route';
import type { PopupState } from './types';

/**
 * Second line behind the background's check: each route must be exactly what the form asked for, with the tokens
 * labelled as the form's own tokens are. A route that is not is never shown.
 */
export function verified(routes: Route[], choice: TransferChoice, s: PopupState): Route[] {
  const label = (t: PopupState['fromToken']) => (t ? { symbol: t.symbol, decimals: t.decimals } : undefined);
  const labels: ChosenTokens = { from: label(s.fromToken), to: label(s.toToken) };
  return routes.filter((route) => {
    const check = verifyRoute(route, choice, labels);
    if (!check.ok) console.warn(`[routes] not showing route ${route.id}: ${check.reason}`);
    return check.ok;
  });
}

/** The service's routes left out, with why this popup left out others: one differed from the form, or was denied. */
export function leftOut(
  result: Pick<RoutesResponse, 'routes' | 'unavailableRoutes'>,
  matching: Route[],
  shown: Route[],
): RoutesResponse['unavailableRoutes'] {
  const reason =
    matching.length < result.routes.length
      ? 'ROUTE_MISMATCH: a route differs from what the form asked for'
      : shown.length < matching.length
        ? 'DENIED_TOOL: a route uses a bridge or exchange set to Never'
        : undefined;
  if (!reason) return result.unavailableRoutes;
  return {
    ...result.unavailableRoutes,
    filteredOut: [...(result.unavailableRoutes?.filteredOut ?? []), { reason }],
  };
}
