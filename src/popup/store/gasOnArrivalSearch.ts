import { choiceFromRequest } from '../../checks/choice';
import { RemoteError } from '../../messaging/reply';
import type { TransferChoice } from '../../model/choice';
import type { RoutesRequest } from '../../schemas/requests';
import type { Route } from '../../schemas/route';
import { withoutDenied } from '../routeChoice';
import type { PopupDeps } from './deps';
import type { PopupState } from './types';

/** What the routes slice hands the review's search for gas on arrival (loaded only when the person chooses it). */
export type GasSearch = {
  get(): PopupState;
  set(partial: Partial<PopupState>): void;
  getRoutes: PopupDeps['api']['getRoutes'];
  channel: string;
  /** The form's request, without gas. */
  base: RoutesRequest;
  /** The routes slice's check of each route against the choice. */
  verified(routes: Route[], choice: TransferChoice, s: PopupState): Route[];
  /** False once a newer search superseded this one. */
  isCurrent(): boolean;
};

/**
 * The review's gas on arrival: the routes asked again with `fromAmountForGas`, and the same bridge's route of as many
 * steps selected, carrying exactly that gas (the check drops any other). When the service offers none for that
 * bridge, the route shown stays and the review says so.
 */
export async function searchWithGas(search: GasSearch, fromAmountForGas: bigint): Promise<void> {
  const { get, set, base } = search;
  const s = get();
  const previous = s.routes.find((r) => r.id === s.selectedRouteId);
  if (!previous) return;
  const request = { ...base, fromAmountForGas: fromAmountForGas.toString() };
  const choice = choiceFromRequest(request, s.slippage);
  set({ gasOnArrivalStatus: 'asking' });
  try {
    const result = await search.getRoutes({ request, channel: search.channel });
    if (!search.isCurrent()) return;
    const routes = withoutDenied(search.verified(result.routes, choice, get()), get().settings?.bridges.deny);
    const steps = (route: Route) => route.steps?.length ?? 1;
    const same = routes.find((r) => r.tool === previous.tool && steps(r) === steps(previous));
    if (!same) {
      set({ gasOnArrivalStatus: 'none' });
      return;
    }
    set({
      routes,
      routesChoice: choice,
      selectedRouteId: same.id,
      fetchedAt: result.fetchedAt,
      gasOnArrival: {
        fromAmountForGas,
        base: JSON.stringify(base),
        without: {
          routes: s.routes,
          routesChoice: s.routesChoice,
          selectedRouteId: s.selectedRouteId,
          fetchedAt: s.fetchedAt,
        },
      },
      gasOnArrivalStatus: undefined,
    });
  } catch (err) {
    if (search.isCurrent()) set({ gasOnArrivalStatus: 'none' });
    if (!(err instanceof RemoteError)) throw err;
  }
}

/**
 * The review's "Don't add gas": the routes shown before gas on arrival was chosen come back with the route picked
 * then (and so the low-gas warning), and the form's next search asks without it.
 */
export function dropGas(search: Pick<GasSearch, 'get' | 'set'>): void {
  const without = search.get().gasOnArrival?.without;
  if (!without) return;
  search.set({ ...without, gasOnArrival: undefined, gasOnArrivalStatus: undefined, valueLossAcknowledged: false });
}
