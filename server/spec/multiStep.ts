import type { PricedRoute } from '../routing/priceRoute';
import type { RoutingContext } from '../routing/routingContext';
import { toolOf } from '../routing/sortRoutes';
import { legStep, presentAction, presentRoute, toolDetails } from './present';

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
