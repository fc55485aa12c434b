import { i18n } from '#i18n';
import { RemoteError } from '../../messaging/reply';
import { sameChoice, type TransferChoice } from '../../model/choice';
import { explainNoRoutes, explainRoutesError } from '../noRoutes';
import { withoutDenied } from '../routeChoice';
import { blamesServiceSettings } from '../serviceBlame';
import type { PopupDeps } from './deps';
import { leftOut, verified } from './routesCheck';
import type { PopupState } from './types';

type RoutesAnswer = Awaited<ReturnType<PopupDeps['api']['getRoutes']>>;

/**
 * What a search's answer shows: the routes that match the form and are not denied, the person's pick kept across a
 * refresh of the same search (new quotes carry new ids: same tool, else the first). A new search (other chains,
 * tokens, amount, recipient or slippage) starts from the top route: the tool picked for other details may now be the
 * worst.
 */
export function routesShown(
  result: RoutesAnswer,
  choice: TransferChoice,
  asked: PopupState,
  now: PopupState,
): Partial<PopupState> {
  const matching = verified(result.routes, choice, asked);
  const routes = withoutDenied(matching, asked.settings?.bridges.deny);
  const previous = sameChoice(now.routesChoice, choice)
    ? now.routes.find((r) => r.id === now.selectedRouteId)
    : undefined;
  // Try again after a stopped attempt: the route the person had chosen, quoted again, when the search still has it.
  const retry = now.retryRoute && sameChoice(now.retryRoute.choice, choice) ? now.retryRoute : undefined;
  const kept = previous
    ? routes.find((r) => r.tool === previous.tool)
    : retry && routes.find((r) => r.tool === retry.tool && (r.steps?.length ?? 1) === retry.steps);
  return {
    routes,
    routesChoice: choice,
    routesStatus: routes.length ? 'ready' : 'empty',
    routesMessage: routes.length ? undefined : explainNoRoutes(leftOut(result, matching, routes)),
    selectedRouteId: (kept ?? routes[0])?.id,
    retryRoute: undefined,
    fetchedAt: result.fetchedAt,
    routeProofs: result.routeProofs,
    valueLossAcknowledged: previous && kept ? now.valueLossAcknowledged : false,
  };
}

/** What a failed search shows: no routes, and why in words. */
export function routesFailed(err: unknown): Partial<PopupState> {
  const remote = err instanceof RemoteError ? err : undefined;
  return {
    routes: [],
    routesChoice: undefined,
    routesStatus: remote && (remote.code === 1002 || remote.status === 404) ? 'empty' : 'error',
    routesMessage: remote
      ? explainRoutesError({
          shortMessage: remote.shortMessage,
          code: remote.code,
          status: remote.status,
          details: remote.details,
        })
      : i18n.t('popup.noRoutes.couldNot'),
    selectedRouteId: undefined,
    routesBlameSettings: blamesServiceSettings(err),
  };
}
