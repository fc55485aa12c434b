import type { Order, Route } from '@lifi/types';
import { specOf } from '../handlers/stepTransaction';
import { type PricedRoute, priceRoute, type SwapMemo } from '../routing/priceRoute';
import type { RoutePath } from '../routing/routePath';
import type { RouteRequest } from '../routing/routeRequest';
import { formatUSD } from '../routing/units';
import type { ServiceContext } from '../serviceContext';
import { lifiStep, lifiToken } from './present';

/**
 * A cross-chain route that swaps on the destination chain, in production's shape: two steps, where the second is
 * signed by the person on the destination chain once the first has arrived. The diamond's Across facet cannot call
 * a swap on arrival here (no message handler), so the bridge delivers its own token to the sender, and the swap is
 * its own GenericSwapFacetV3 step. Each step is priced for its own action: the first up to the bridge token on the
 * destination (received by the sender, who signs the second), the second from what the first is expected to deliver.
 * undefined when either part no longer prices.
 */
export function splitAtDestination(
  ctx: ServiceContext,
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
 * A Route of several steps. Every step after the first is issued for "whatever the previous step delivered" (the
 * SDK sets its fromAmount to the previous step's received amount before asking for its transaction), so its id is
 * bound to its tokens and chain, not to an exact amount; it is priced again for the amount sent.
 */
export function lifiMultiStepRoute(
  ctx: ServiceContext,
  steps: readonly PricedRoute[],
  integrator: string,
  tags: Order[],
): Route {
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const lifiSteps = steps.map((step, i) => lifiStep(ctx, step, integrator, undefined, { followsPrevious: i > 0 }));
  const { request } = first;
  const receiver = last.request.toAddress;
  return {
    id: lifiSteps.map((step) => step.id).join('+'),
    insurance: { state: 'NOT_INSURABLE', feeAmountUsd: '0' },
    fromChainId: request.fromChain.id,
    fromAmountUSD: lifiSteps[0]!.estimate.fromAmountUSD ?? '0.00',
    fromAmount: request.fromAmount.toString(),
    fromToken: lifiToken(request.fromToken),
    ...(request.fromAddress ? { fromAddress: request.fromAddress } : {}),
    toChainId: last.request.toChain.id,
    toAmountUSD: lifiSteps.at(-1)!.estimate.toAmountUSD ?? '0.00',
    toAmount: last.toAmount.toString(),
    toAmountMin: last.toAmountMin.toString(),
    toToken: lifiToken(last.request.toToken),
    ...(receiver ? { toAddress: receiver } : {}),
    gasCostUSD: formatUSD(steps.reduce((sum, step) => sum + step.gasUSD, 0)),
    // The person switches to the destination chain to sign the second step.
    containsSwitchChain: true,
    steps: lifiSteps,
    tags,
  };
}
