import { legStep, presentAction, presentRoute, toolDetails } from './present';
import { type PricedRoute, priceRoute, type SwapMemo } from './priceRoute';
import type { RoutePath } from './routePath';
import type { RouteRequest } from './routeRequest';
import { specOf } from './routeSpec';
import type { RoutingContext } from './routingContext';
import { toolOf } from './sortRoutes';

/**
 * A cross-chain route that swaps on the destination chain, as two steps, where the second is signed by the person
 * on the destination chain once the first has arrived: the bridge delivers its own token to the sender, and the swap
 * is its own step. The lifi dialect offers only this form (its diamond's Across facet has no message handler to swap
 * on arrival); the spec dialect offers it beside the one-signature route the relayer swaps on arrival. Each step is priced for its own action: the first up to the bridge token on the
 * destination (received by the sender, who signs the second), the second from what the first is expected to deliver.
 * undefined when either part no longer prices.
 */
export function splitAtDestination(
  ctx: RoutingContext,
  route: PricedRoute,
  /** The search's priced swaps: the parts price the same swaps again for the same amounts. */
  memo?: SwapMemo,
): readonly [PricedRoute, PricedRoute] | undefined {
  const { path, request, legs } = route;
  if (path.kind !== 'cross' || !path.dstExchange) return undefined;
  const bridgeLeg = legs.find((leg) => leg.kind === 'bridge');
  if (bridgeLeg?.kind !== 'bridge') return undefined;
  const sender = request.fromAddress;
  const firstRequest: RouteRequest = { ...request, toToken: bridgeLeg.tokenOut, toAddress: sender };
  const firstPath: RoutePath = { kind: 'cross', bridge: path.bridge, asset: path.asset };
  if (path.srcExchange) firstPath.srcExchange = path.srcExchange;
  const first = priceRoute(ctx, firstRequest, specOf(ctx, firstRequest, firstPath), memo);
  if (!first.ok) return undefined;
  const secondRequest: RouteRequest = {
    ...request,
    fromChain: request.toChain,
    fromToken: bridgeLeg.tokenOut,
    fromAmount: first.route.toAmount,
  };
  const secondPath: RoutePath = { kind: 'swap', exchange: path.dstExchange };
  const second = priceRoute(ctx, secondRequest, specOf(ctx, secondRequest, secondPath), memo);
  if (!second.ok) return undefined;
  return [first.route, second.route];
}

/**
 * A route of several steps in the spec dialect: each step is a route item of its own (the spec's Route: id, type,
 * tool, action, estimate, includedSteps) that stepTransaction turns into its transaction, the later ones asked for
 * with what the step before delivered. The route's own fields describe the whole transfer; it has no transaction of
 * its own (stepTransaction refuses its id and says why), so a client that knows nothing of `steps` cannot mistake it
 * for one signature.
 */
export function presentMultiStepRoute(ctx: RoutingContext, steps: readonly PricedRoute[]) {
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const items = steps.map((step, i) => presentRoute(ctx, step, undefined, { followsPrevious: i > 0 }));
  const tool = toolOf(first);
  const firstTool = toolDetails(ctx.catalog, tool);
  const { request } = first;
  return {
    id: items.map((item) => item.id).join('+'),
    type: 'lifi',
    tool,
    toolDetails: { ...firstTool, name: steps.map((step) => toolDetails(ctx.catalog, toolOf(step)).name).join(' + ') },
    action: presentAction({
      ...request,
      toChain: last.request.toChain,
      toToken: last.request.toToken,
      toAddress: last.request.toAddress,
    }),
    estimate: {
      tool,
      fromAmount: request.fromAmount.toString(),
      toAmount: last.toAmount.toString(),
      toAmountMin: last.toAmountMin.toString(),
      ...(items[0]!.estimate.approvalAddress ? { approvalAddress: items[0]!.estimate.approvalAddress } : {}),
      executionDuration: steps.reduce((total, step) => total + step.durationSec, 0),
      feeCosts: items.flatMap((item) => item.estimate.feeCosts),
      gasCosts: items.flatMap((item) => item.estimate.gasCosts),
      fromAmountUSD: items[0]!.estimate.fromAmountUSD,
      toAmountUSD: items.at(-1)!.estimate.toAmountUSD,
    },
    includedSteps: steps.flatMap((step, s) =>
      step.legs.map((leg, i) => legStep(ctx, items[s]!.id, leg, i, request.slippage)),
    ),
    steps: items,
  };
}

/**
 * The figures a multi-step route is sorted by, as one priced route: what the last step delivers, the steps' time,
 * gas and fees added up. `signatures` lets the SAFETY order put one signature before several.
 */
export function combinedRoute(steps: readonly PricedRoute[]): PricedRoute & { signatures: number } {
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const total = (f: (step: PricedRoute) => number) => steps.reduce((sum, step) => sum + f(step), 0);
  return {
    ...first,
    request: { ...first.request, toChain: last.request.toChain, toToken: last.request.toToken },
    legs: steps.flatMap((step) => step.legs),
    toAmount: last.toAmount,
    toAmountMin: last.toAmountMin,
    durationSec: total((step) => step.durationSec),
    gasUSD: total((step) => step.gasUSD),
    feeUSD: total((step) => step.feeUSD),
    toUSD: last.toUSD,
    reliability: Math.min(...steps.map((step) => step.reliability)),
    signatures: steps.length,
  };
}
