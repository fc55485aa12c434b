import { LIFI_CHECKED_BRIDGES } from '../../checks/routers/lifi/facets';
import type { ToolsResponse } from '../../schemas/catalog';
import {
  type LifiRoute,
  type LifiRoutesResponse,
  LifiRoutesResponseSchema,
  type LifiStep,
  LifiStepTransactionSchema,
} from '../../schemas/lifi/route';
import type { RouteOrder } from '../../schemas/requests';
import type { Route, RouteStep } from '../../schemas/route';
import type { RoutingClient } from '../client';
import { LIFI_INTEGRATOR } from '../dialect';
import type { GetRoutesParameters, GetRoutesReturnType } from '../getRoutes';
import type { GetStepTransactionParameters, GetStepTransactionReturnType } from '../getStepTransaction';
import { sortRoutes } from '../sortRoutes';
import { hasToolLists, keepTools, type ToolLists, toolListingOf } from '../toolListing';
import { getLifiTools, lifiChainRefusal } from './catalog';

/** LI.FI sorts by FASTEST or CHEAPEST; the extension's other orders are applied to the answer here. */
export const lifiOrder = (order: RouteOrder | undefined): 'FASTEST' | 'CHEAPEST' =>
  order === 'TIME' ? 'FASTEST' : 'CHEAPEST';

const DEFAULT_MAX_ROUTES = 10;

/** One LiFiStep as a one-step internal route; `totals` (the route's own figures) when it is the whole route. */
function stepRoute(step: LifiStep, totals?: LifiRoute): RouteStep {
  return {
    id: totals?.id ?? step.id,
    type: step.type,
    tool: step.tool,
    toolDetails: step.toolDetails,
    action: step.action,
    estimate: totals
      ? {
          ...step.estimate,
          fromAmount: totals.fromAmount,
          toAmount: totals.toAmount,
          toAmountMin: totals.toAmountMin,
          fromAmountUSD: step.estimate.fromAmountUSD ?? totals.fromAmountUSD,
          toAmountUSD: step.estimate.toAmountUSD ?? totals.toAmountUSD,
        }
      : step.estimate,
    includedSteps: step.includedSteps,
    // LI.FI's own step, so stepTransaction sends LI.FI exactly what it quoted.
    serviceStep: step,
  };
}

/**
 * A LI.FI route in the internal shape. One step: the step itself with the route's id and totals. Several steps (one
 * signature each, the later ones on another chain once the earlier have arrived): the route's own figures describe
 * the whole transfer, its included steps are all the steps' in order, and `steps` keeps each step as a one-step
 * route for the background to execute in turn.
 */
export function normalizeLifiRoute(route: LifiRoute): Route {
  const steps = route.steps as LifiStep[];
  if (steps.length === 1) return { ...stepRoute(steps[0]!, route), tags: route.tags, gasCostUSD: route.gasCostUSD };
  const parts = steps.map((step) => stepRoute(step));
  const first = steps[0]!;
  const sum = (f: (step: LifiStep) => readonly unknown[] | undefined | null) => steps.flatMap((s) => f(s) ?? []);
  return {
    id: route.id,
    type: 'lifi',
    tool: first.tool,
    toolDetails: {
      key: first.tool,
      name: steps.map((step) => step.toolDetails?.name ?? step.tool).join(' + '),
      ...(first.toolDetails?.logoURI ? { logoURI: first.toolDetails.logoURI } : {}),
    },
    action: {
      fromChainId: route.fromChainId,
      toChainId: route.toChainId,
      fromToken: route.fromToken,
      toToken: route.toToken,
      fromAmount: route.fromAmount,
      slippage: first.action.slippage,
      ...(route.fromAddress ? { fromAddress: route.fromAddress as string } : {}),
      ...(route.toAddress ? { toAddress: route.toAddress as string } : {}),
    },
    estimate: {
      tool: first.tool,
      fromAmount: route.fromAmount,
      toAmount: route.toAmount,
      toAmountMin: route.toAmountMin,
      fromAmountUSD: route.fromAmountUSD,
      toAmountUSD: route.toAmountUSD,
      approvalAddress: first.estimate.approvalAddress,
      executionDuration: steps.reduce((total, step) => total + (step.estimate.executionDuration ?? 0), 0),
      feeCosts: sum((s) => s.estimate.feeCosts) as Route['estimate']['feeCosts'],
      gasCosts: sum((s) => s.estimate.gasCosts) as Route['estimate']['gasCosts'],
    },
    includedSteps: sum((s) => s.includedSteps) as Route['includedSteps'],
    tags: route.tags,
    gasCostUSD: route.gasCostUSD,
    steps: parts,
  };
}

/** The offered routes, in the internal model. */
export function normalizeLifiRoutes(response: LifiRoutesResponse): GetRoutesReturnType {
  return { routes: response.routes.map(normalizeLifiRoute), unavailableRoutes: response.unavailableRoutes };
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

/**
 * A cross-chain search asks only for bridges whose facet the guard reads (LIFI_CHECKED_BRIDGES: Across and the
 * facets of src/checks/routers/lifi/), within the person's own allow list; null when that leaves none.
 */
function checkedBridges(
  lists: Record<string, string[]> | undefined,
  checked: readonly string[],
): Record<string, string[]> | null {
  const allow = (lists?.allow ?? checked).filter((key) => checked.includes(key));
  if (allow.length === 0) return null;
  return { ...lists, allow };
}

/** Across: the one checked bridge asked for when the service's tools listing cannot be read. */
const ALWAYS_LISTED = ['across'];

/**
 * The checked bridges the service itself lists: li.quest (and its twin) refuse a whole request that names a bridge
 * key they do not know, so a key LI.FI renames or drops must not cost every search. Without a listing, Across alone.
 */
async function listedCheckedBridges(client: RoutingClient, signal: AbortSignal | undefined): Promise<string[]> {
  try {
    const listed = new Set((await toolListingOf(client, getLifiTools, signal)).bridges.map((tool) => tool.key));
    return LIFI_CHECKED_BRIDGES.filter((key) => listed.has(key));
  } catch (error) {
    if (signal?.aborted) throw error;
    return LIFI_CHECKED_BRIDGES.filter((key) => ALWAYS_LISTED.includes(key));
  }
}

/** POST /v1/advanced/routes in LI.FI's encoding, answered in the internal model, sorted by the requested order. */
export async function getLifiRoutes(client: RoutingClient, params: GetRoutesParameters): Promise<GetRoutesReturnType> {
  const { signal, options } = params;
  const order = options?.order ?? 'OUTPUT';
  // li.quest is asked for every chain with a pinned diamond; a route from anywhere else would be refused at signing.
  const refused =
    lifiChainRefusal(Number(params.fromChainId), 'from') ?? lifiChainRefusal(Number(params.toChainId), 'to');
  if (refused) {
    return {
      routes: [],
      unavailableRoutes: { filteredOut: [{ overallPath: 'chains', reason: `CHAIN_REFUSED: ${refused}` }] },
    };
  }
  const split = hasToolLists(options?.bridges)
    ? splitToolLists(options.bridges, await toolListingOf(client, getLifiTools, signal))
    : { bridges: undefined, exchanges: undefined };
  const crossChain = Number(params.fromChainId) !== Number(params.toChainId);
  const bridges = crossChain
    ? checkedBridges(split.bridges, await listedCheckedBridges(client, signal))
    : split.bridges;
  if (bridges === null) {
    // The person's allow list names no bridge the guard can check: nothing LI.FI offers could be signed.
    return {
      routes: [],
      unavailableRoutes: {
        filteredOut: [
          { overallPath: 'bridges', reason: `UNCHECKED_BRIDGES: allow ${LIFI_CHECKED_BRIDGES.join(', ')}` },
        ],
      },
    };
  }
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
      // Gas on arrival the person chose: top-level beside `options`, as li.quest takes it.
      ...(params.fromAmountForGas !== undefined ? { fromAmountForGas: String(params.fromAmountForGas) } : {}),
      options: {
        integrator: LIFI_INTEGRATOR,
        slippage: options?.slippage,
        order: lifiOrder(order),
        bridges,
        exchanges: split.exchanges,
        // Routes with a second signature on the destination chain: the popup carries a person through them
        // (Continue, the waiting banner), and li.quest leaves them out unless asked.
        allowSwitchChain: true,
        // li.quest offers routes with a destination call (a swap run on arrival, through an Across message, say)
        // unless told otherwise; the guard cannot prove such a call's final receiver and token, so it would refuse
        // them at signing (guard.destinationCall). Asked for none; one sent anyway is left out before listing
        // (src/checks/readableRoute.ts).
        allowDestinationCall: false,
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
