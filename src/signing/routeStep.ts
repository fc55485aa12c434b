import { i18n } from '#i18n';
import type { Route, Step } from '../schemas/route';

/**
 * Turns a route from the list into the step body stepTransaction expects, with the sender and recipient the
 * person chose (the listed route may have been quoted before a wallet was connected).
 */
export function routeToStep(route: Route, account: `0x${string}`, recipient: string): Step {
  const action = route.action;
  if (!action) throw new Error(i18n.t('misc.noAction'));
  const estimate = route.estimate;
  return {
    id: route.id,
    type: route.type ?? (String(action.fromChainId) === String(action.toChainId) ? 'swap' : 'bridge'),
    tool: route.tool,
    toolDetails: route.toolDetails ?? undefined,
    action: { ...action, fromAddress: account, toAddress: recipient },
    estimate: {
      ...estimate,
      tool: estimate.tool ?? route.tool,
      fromAmount: estimate.fromAmount ?? action.fromAmount,
      toAmountMin: estimate.toAmountMin ?? estimate.toAmount,
    },
    includedSteps: route.includedSteps ?? undefined,
    // The service's own step (LI.FI), sent back as quoted by its adapter; absent for the spec's routes.
    serviceStep: route.serviceStep,
  };
}
