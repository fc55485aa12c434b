import { type ChosenTokens, choiceFromRequest, sameAddress, verifyRoute } from '../checks/choice';
import { readableRoute } from '../checks/readableRoute';
import { compactBridges } from '../format/bridges';
import type { Settings } from '../model/settings';
import type { RoutesRequest } from '../schemas/requests';
import type { RoutesResponse } from '../schemas/route';
import type { RequestPriority } from './api/allowance';
import type { BackgroundDeps } from './deps';
import { proveRoutes } from './provenRoutes';

/** The person's settings fill in what the request leaves out (slippage, order, bridge lists). */
export function withSettingsDefaults(request: RoutesRequest, settings: Settings): RoutesRequest {
  const bridges = compactBridges(settings.bridges);
  return {
    ...request,
    options: {
      ...request.options,
      slippage: request.options?.slippage ?? settings.slippage,
      order: request.options?.order ?? settings.routeOrder,
      ...(request.options?.bridges || !bridges ? {} : { bridges }),
    },
  };
}

/**
 * The one door every route search goes through, the popup's and the explorer card's alike: the service's answer
 * is checked against the request it answers (what the person chose), and a route that differs in chain, token,
 * exact amount, sender or receiver, or relabels a token the catalog knows, is dropped with the reason logged and
 * listed in `unavailableRoutes.filteredOut`. Nothing the service made up reaches the screen. What a bridge alone
 * sets (its receiver, chain, token, minimum) is then proven with its owner, or the route is left out unless the
 * person opted in (provenRoutes.ts).
 */
export async function fetchVerifiedRoutes(
  deps: Pick<BackgroundDeps, 'api' | 'catalog'>,
  request: RoutesRequest,
  signal?: AbortSignal,
  slippage = 0.005,
  priority: RequestPriority = 'transfer',
): Promise<RoutesResponse> {
  const matching = await matchingRoutes(deps, request, signal, slippage, priority);
  return proveRoutes(deps, matching, request, signal, priority);
}

async function matchingRoutes(
  deps: Pick<BackgroundDeps, 'api' | 'catalog'>,
  request: RoutesRequest,
  signal: AbortSignal | undefined,
  slippage: number,
  priority: RequestPriority,
): Promise<RoutesResponse> {
  const response = await deps.api.getRoutes({ ...request, signal, priority });
  const choice = choiceFromRequest(request, slippage);
  const tokens = catalogLabels(deps, request);
  const kept: RoutesResponse['routes'] = [];
  const dropped: { overallPath: string; reason: string }[] = [];
  for (const route of response.routes) {
    // A route whose transactions the guard could not read would only be refused at signing: not listed either.
    const readable = readableRoute(route);
    // Crossing service → extension: a route that is not the request is dropped here, before any page sees it.
    const check = readable.ok ? verifyRoute(route, choice, tokens) : readable;
    if (check.ok) kept.push(route);
    else {
      console.warn(`[routes] dropped route ${route.id} (${route.tool}): ${check.reason}`);
      dropped.push({
        overallPath: route.tool,
        reason: readable.ok
          ? `ROUTE_MISMATCH: the service's route differs from your request: ${check.reason}`
          : `UNREADABLE_ROUTE: ${check.reason}`,
      });
    }
  }
  if (dropped.length === 0) return response;
  const unavailable = response.unavailableRoutes ?? {};
  return {
    ...response,
    routes: kept,
    unavailableRoutes: { ...unavailable, filteredOut: [...(unavailable.filteredOut ?? []), ...dropped] },
  };
}

/** Symbol and decimals of the chosen tokens as the cached catalog has them (no fetch: labels are checked if known). */
function catalogLabels(deps: Pick<BackgroundDeps, 'catalog'>, request: RoutesRequest): ChosenTokens {
  const list = deps.catalog.tokens.peek()?.value;
  const find = (chainId: string | number, address: string) => {
    const token = list?.[String(chainId)]?.find((t) => sameAddress(t.address, address));
    return token ? { symbol: token.symbol, decimals: token.decimals } : undefined;
  };
  return {
    from: find(request.fromChainId, request.fromTokenAddress),
    to: find(request.toChainId, request.toTokenAddress),
  };
}
