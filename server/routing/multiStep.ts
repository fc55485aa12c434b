import { type PricedRoute, priceRoute, type SwapMemo } from './priceRoute';
import type { RoutePath } from './routePath';
import type { RouteRequest } from './routeRequest';
import { specOf } from './routeSpec';
import type { RoutingContext } from './routingContext';

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
  // Gas on arrival is the first step's (it pays the gas the second is signed with).
  const { fromAmountForGas: _gas, ...sameRequest } = request;
  const secondRequest: RouteRequest = {
    ...sameRequest,
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
