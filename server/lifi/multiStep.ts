import type { Order, Route } from '@lifi/types';
import type { PricedRoute } from '../routing/priceRoute';
import { formatUSD } from '../routing/units';
import type { ServiceContext } from '../serviceContext';
import { lifiStep, lifiToken } from './present';

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
