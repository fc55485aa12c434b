import type { ToolsResponse } from '../../schemas/catalog';
import {
  type LifiRoute,
  type LifiRoutesResponse,
  LifiRoutesResponseSchema,
  type LifiStep,
  LifiStepTransactionSchema,
} from '../../schemas/lifi/route';
import type { RouteOrder } from '../../schemas/requests';
import type { Route, UnavailableRoutes } from '../../schemas/route';
import type { RoutingClient } from '../client';
import { LIFI_INTEGRATOR } from '../dialect';
import type { GetRoutesParameters, GetRoutesReturnType } from '../getRoutes';
import type { GetStepTransactionParameters, GetStepTransactionReturnType } from '../getStepTransaction';
import { sortRoutes } from '../sortRoutes';
import { hasToolLists, keepTools, type ToolLists, toolListingOf } from '../toolListing';
import { getLifiTools } from './catalog';

/** LI.FI sorts by FASTEST or CHEAPEST; the extension's other orders are applied to the answer here. */
export const lifiOrder = (order: RouteOrder | undefined): 'FASTEST' | 'CHEAPEST' =>
  order === 'TIME' ? 'FASTEST' : 'CHEAPEST';

const DEFAULT_MAX_ROUTES = 10;

/** How a route of several steps is reported among `filteredOut` (the popup says so in plain words). */
export const MULTI_STEP_REASON = 'MULTI_STEP';

/**
 * One LI.FI route of exactly one step in the internal one-step shape: the route's id and totals, the step's type,
 * tool, action, estimate and included steps, and the step itself (`serviceStep`) so stepTransaction sends LI.FI
 * exactly what it quoted. Routes of several steps need one signature each, which the extension cannot do yet
 * (issue #18): undefined, and the caller reports them as unavailable.
 */
export function normalizeLifiRoute(route: LifiRoute): Route | undefined {
  if (route.steps.length !== 1) return undefined;
  const step = route.steps[0] as LifiStep;
  return {
    id: route.id,
    type: step.type,
    tool: step.tool,
    toolDetails: step.toolDetails,
    action: step.action,
    estimate: {
      ...step.estimate,
      fromAmount: route.fromAmount,
      toAmount: route.toAmount,
      toAmountMin: route.toAmountMin,
      fromAmountUSD: step.estimate.fromAmountUSD ?? route.fromAmountUSD,
      toAmountUSD: step.estimate.toAmountUSD ?? route.toAmountUSD,
    },
    includedSteps: step.includedSteps,
    tags: route.tags,
    gasCostUSD: route.gasCostUSD,
    serviceStep: step,
  };
}

/** The offered routes, and the others counted in `unavailableRoutes.filteredOut` with the reason. */
export function normalizeLifiRoutes(response: LifiRoutesResponse): GetRoutesReturnType {
  const routes: Route[] = [];
  const filteredOut: NonNullable<UnavailableRoutes['filteredOut']> = [];
  for (const route of response.routes) {
    const normalized = normalizeLifiRoute(route);
    if (normalized) routes.push(normalized);
    else {
      filteredOut.push({
        overallPath: route.steps.map((step) => step.tool).join(' → '),
        reason: `${MULTI_STEP_REASON}: needs ${route.steps.length} signatures; not supported yet`,
      });
    }
  }
  const unavailable = response.unavailableRoutes;
  if (filteredOut.length === 0) return { routes, unavailableRoutes: unavailable };
  return {
    routes,
    unavailableRoutes: { ...unavailable, filteredOut: [...(unavailable?.filteredOut ?? []), ...filteredOut] },
  };
}

/**
 * The settings keep one allow/deny/prefer list of tool keys, bridges and exchanges alike (the spec filters bridges
 * only). LI.FI takes bridges and exchanges apart and rejects a key in the wrong list, so each key goes where LI.FI's
 * own tools listing puts it; a key it does not list is dropped rather than failing the search.
 */
export function splitToolLists(lists: ToolLists, tools: ToolsResponse) {
  return {
    bridges: keepTools(lists, new Set(tools.bridges.map((tool) => tool.key))),
    exchanges: keepTools(lists, new Set(tools.exchanges.map((tool) => tool.key))),
  };
}

/** POST /v1/advanced/routes in LI.FI's encoding, answered in the internal model, sorted by the requested order. */
export async function getLifiRoutes(client: RoutingClient, params: GetRoutesParameters): Promise<GetRoutesReturnType> {
  const { signal, options } = params;
  const order = options?.order ?? 'OUTPUT';
  const split = hasToolLists(options?.bridges)
    ? splitToolLists(options.bridges, await toolListingOf(client, getLifiTools, signal))
    : { bridges: undefined, exchanges: undefined };
  const response = await client.request({
    method: 'POST',
    path: '/v1/advanced/routes',
    body: {
      fromChainId: Number(params.fromChainId),
      fromTokenAddress: params.fromTokenAddress,
      toChainId: Number(params.toChainId),
      toTokenAddress: params.toTokenAddress,
      fromAmount: String(params.fromAmount),
      fromAddress: params.fromAddress,
      toAddress: params.toAddress,
      options: {
        integrator: LIFI_INTEGRATOR,
        slippage: options?.slippage,
        order: lifiOrder(order),
        bridges: split.bridges,
        exchanges: split.exchanges,
      },
    },
    schema: LifiRoutesResponseSchema,
    signal,
  });
  const normalized = normalizeLifiRoutes(response);
  const sorted = sortRoutes(normalized.routes, order, options?.bridges?.prefer);
  return { ...normalized, routes: sorted.slice(0, options?.maxRoutes ?? DEFAULT_MAX_ROUTES) };
}

/**
 * POST /v1/advanced/stepTransaction: LI.FI's own step as it quoted it (kept in the route), with the sender and
 * recipient the person chose, which LI.FI needs in the action.
 */
export async function getLifiStepTransaction(
  client: RoutingClient,
  params: GetStepTransactionParameters,
): Promise<GetStepTransactionReturnType> {
  const { serviceStep, ...internal } = params.step;
  const step = (serviceStep ?? internal) as { action?: object };
  const response = await client.request({
    method: 'POST',
    path: '/v1/advanced/stepTransaction',
    body: {
      ...step,
      action: { ...step.action, fromAddress: params.senderAddress, toAddress: params.recipientAddress },
    },
    schema: LifiStepTransactionSchema,
    signal: params.signal,
  });
  return response;
}
