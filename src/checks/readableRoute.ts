import { i18n } from '#i18n';
import type { IncludedStep, Route, RouteStep } from '../schemas/route';
import { GAS_ON_ARRIVAL_TOOL, type RouteCheck } from './choice';
import { LIFI_CHECKED_BRIDGES } from './routers/lifi/facets';

/**
 * Whether the guard can read what a LI.FI route's transactions will do, before the route is listed: nothing shown may
 * be refused at signing. Each signed step (a one-step route, or each of `steps`) must cross only through a bridge
 * whose facet the guard decodes (LIFI_CHECKED_BRIDGES), and nothing may follow the crossing inside the same
 * transaction: an included step after it runs on the destination chain as a destination call (an Across message,
 * say), whose receiver and token the calldata does not prove, so the guard refuses it (guard.destinationCall).
 *
 * Routes of the spec's service carry no `serviceStep`; their router (src/checks/routers/devnetRouter.ts) names the
 * swaps on each side itself, so they are not LI.FI's to judge here.
 */
export function readableRoute(route: Route): RouteCheck {
  const signed: readonly (Route | RouteStep)[] = route.steps ?? [route];
  for (const step of signed) {
    if (!step.serviceStep) continue;
    const check = readableStep(step);
    if (!check.ok) return check;
  }
  return { ok: true };
}

/** A crossing of the transfer itself: gas on arrival crosses too, but the guard reads it apart (gasOnArrival.ts). */
const crossesChains = (step: Pick<IncludedStep, 'tool' | 'action'>) =>
  step.tool !== GAS_ON_ARRIVAL_TOOL && String(step.action.fromChainId) !== String(step.action.toChainId);

/** One transaction's worth: its included steps, or the step itself when it lists none. */
function readableStep(step: Route | RouteStep): RouteCheck {
  const included: readonly Pick<IncludedStep, 'tool' | 'action'>[] =
    step.includedSteps && step.includedSteps.length > 0
      ? step.includedSteps
      : step.action
        ? [{ tool: step.tool, action: step.action }]
        : [];
  const crossing = included.findIndex(crossesChains);
  if (crossing < 0) return { ok: true };
  const bridge = included[crossing]!.tool;
  if (!LIFI_CHECKED_BRIDGES.includes(bridge)) {
    return { ok: false, reason: i18n.t('guard.unreadableBridge', [bridge]) };
  }
  if (crossing < included.length - 1) {
    return { ok: false, reason: i18n.t('guard.routeDestinationCall', [bridge]) };
  }
  return { ok: true };
}
