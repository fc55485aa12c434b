import type { StateCreator } from 'zustand/vanilla';
import { choiceFromRequest } from '../../checks/choice';
import { RemoteError } from '../../messaging/reply';
import type { PopupDeps } from './deps';
import { routesFailed, routesShown } from './routesAnswer';
import { verified } from './routesCheck';
import { buildRequest, formRequest } from './routesRequest';
import { DEFAULT_DEBOUNCE_MS, DEFAULT_REFRESH_MS, HOLD_CHECK_MS } from './routeTiming';
import { isBusy } from './selectors';
import type { PopupState, RoutesSlice } from './types';

/**
 * The popup's stream of route requests: the background aborts the previous request of the same channel. One
 * channel per popup instance, so two open popups (toolbar and a tab) do not cancel each other.
 */
export const ROUTES_CHANNEL = 'popup-routes';

export type RoutesControl = { stopRefresh(): void };

/**
 * The routes slice, by stage: the form's request (routesRequest.ts), a debounced search asked and its answer checked
 * and shown (routesCheck.ts, routesAnswer.ts), the service's hold and allowance read around it, the next refresh,
 * and gas on arrival chosen or dropped (gasOnArrivalSearch.ts). Every search has a number: an answer for an older
 * one is dropped.
 */
export const createRoutesSlice =
  (deps: PopupDeps, control: RoutesControl): StateCreator<PopupState, [], [], RoutesSlice> =>
  (set, get) => {
    const now = deps.now ?? Date.now;
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let holdTimer: ReturnType<typeof setTimeout> | undefined;
    let sequence = 0;
    const channel = `${ROUTES_CHANNEL}:${Math.random().toString(36).slice(2, 10)}`;

    const clearTimers = () => {
      clearTimeout(debounceTimer);
      clearTimeout(refreshTimer);
      debounceTimer = refreshTimer = undefined;
    };
    control.stopRefresh = () => {
      clearTimers();
      sequence++;
      set({ nextRefreshAt: undefined });
    };

    /** While search `mine` is out: says how long the service asked to hold, instead of an unexplained wait. */
    function watchHold(mine: number) {
      clearTimeout(holdTimer);
      holdTimer = setTimeout(async function check() {
        const { until } = await deps.api.getServiceHold().catch(() => ({ until: 0 }));
        if (mine !== sequence || get().routesStatus !== 'loading') return;
        set({ routesHeldUntil: until > now() ? until : undefined });
        holdTimer = setTimeout(check, HOLD_CHECK_MS);
      }, HOLD_CHECK_MS);
    }

    /** After each search: what is left of the route searches, as the background last read it. */
    async function readAllowance(mine: number) {
      const { until, routes } = await deps.api.getServiceHold().catch(() => ({ until: 0, routes: undefined }));
      if (mine !== sequence) return;
      const heldUntil = until > now() ? until : undefined;
      set({ routesAllowance: routes ? { ...routes, heldUntil } : heldUntil ? { heldUntil } : undefined });
    }

    /** One search: asked, its answer shown (or its failure said), then the allowance read and the refresh set. */
    async function fetchRoutes(automatic = false) {
      const asked = get();
      const request = buildRequest(asked);
      if (!request) return;
      const choice = choiceFromRequest(request, asked.slippage);
      const mine = ++sequence;
      set({ routesStatus: 'loading' });
      watchHold(mine);
      try {
        // An automatic refresh spends only what is above the reserve kept for the person's own searches.
        const result = await deps.api.getRoutes({ request, channel, ...(automatic ? { purpose: 'refresh' } : {}) });
        if (mine !== sequence) return;
        set(routesShown(result, choice, asked, get()));
      } catch (err) {
        if (mine !== sequence) return;
        if (err instanceof RemoteError && err.remoteName === 'AbortedError') return;
        // A refresh the allowance kept back: the routes shown stay, and the next refresh is the person's click.
        if (automatic && err instanceof RemoteError && err.remoteName === 'AllowanceReservedError') {
          clearTimeout(holdTimer);
          set({ routesStatus: get().routes.length ? 'ready' : 'idle', routesHeldUntil: undefined });
          await readAllowance(mine);
          return;
        }
        set(routesFailed(err));
      }
      if (mine === sequence) {
        clearTimeout(holdTimer);
        if (get().routesHeldUntil !== undefined) set({ routesHeldUntil: undefined });
      }
      await readAllowance(mine);
      scheduleRefresh(mine);
    }

    /** The next refresh; with few searches left none on its own: a refresh is then one click (RefreshCountdown). */
    function scheduleRefresh(mine: number) {
      if (mine !== sequence || isBusy(get()) || get().routesAllowance?.low) return;
      const refreshMs = deps.refreshMs ?? DEFAULT_REFRESH_MS;
      set({ nextRefreshAt: now() + refreshMs });
      refreshTimer = setTimeout(() => get().requestRoutes({ immediate: true, refresh: true }), refreshMs);
    }

    /** The review's gas on arrival (gasOnArrivalSearch.ts), loaded with the choice rather than the first paint. */
    async function chooseGasOnArrival(fromAmountForGas: bigint) {
      const base = formRequest(get());
      if (!base) return;
      clearTimers();
      const mine = ++sequence;
      const { searchWithGas } = await import('./gasOnArrivalSearch');
      await searchWithGas(
        {
          get,
          set,
          getRoutes: (args) => deps.api.getRoutes(args),
          channel,
          base,
          verified,
          isCurrent: () => mine === sequence,
        },
        fromAmountForGas,
      );
    }

    async function dropGasOnArrival() {
      clearTimers();
      const mine = ++sequence;
      const { dropGas } = await import('./gasOnArrivalSearch');
      if (mine !== sequence) return;
      dropGas({ get, set });
      get().requestRoutes({ refresh: true });
    }

    /** A search after the debounce (at once when `immediate`); a form that cannot ask clears the routes shown. */
    function requestRoutes({ immediate = false, refresh = false } = {}) {
      clearTimers();
      if (isBusy(get())) return;
      if (!buildRequest(get())) {
        sequence++;
        set({
          routesStatus: 'idle',
          routes: [],
          routesChoice: undefined,
          routesMessage: undefined,
          routeProofs: undefined,
          selectedRouteId: undefined,
          nextRefreshAt: undefined,
        });
        return;
      }
      set({
        routesStatus: get().routes.length ? 'loading' : 'waiting',
        nextRefreshAt: undefined,
        gasOnArrivalStatus: undefined,
      });
      debounceTimer = setTimeout(
        () => void fetchRoutes(refresh),
        immediate ? 0 : (deps.debounceMs ?? DEFAULT_DEBOUNCE_MS),
      );
    }

    return {
      chooseGasOnArrival,
      dropGasOnArrival,
      currentChoice() {
        const request = buildRequest(get());
        return request && choiceFromRequest(request, get().slippage);
      },
      routesStatus: 'idle',
      routes: [],
      valueLossAcknowledged: false,
      requestRoutes,
      selectRoute(id) {
        if (id !== get().selectedRouteId) set({ selectedRouteId: id, valueLossAcknowledged: false });
      },
      acknowledgeValueLoss(acknowledged) {
        set({ valueLossAcknowledged: acknowledged });
      },
    };
  };
