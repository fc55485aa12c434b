import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { type ChosenTokens, choiceFromRequest, verifyRoute } from '../../checks/choice';
import { RemoteError } from '../../messaging/reply';
import { sameChoice, type TransferChoice } from '../../model/choice';
import type { RoutesRequest } from '../../schemas/requests';
import type { Route } from '../../schemas/route';
import { explainNoRoutes, explainRoutesError } from '../noRoutes';
import { withoutDenied } from '../routeChoice';
import type { PopupDeps } from './deps';
import { DEFAULT_DEBOUNCE_MS, DEFAULT_REFRESH_MS, HOLD_CHECK_MS } from './routeTiming';
import { isBusy, selectFormCheck } from './selectors';
import type { PopupState, RoutesSlice } from './types';

/**
 * The popup's stream of route requests: the background aborts the previous request of the same channel. One
 * channel per popup instance, so two open popups (toolbar and a tab) do not cancel each other.
 */
export const ROUTES_CHANNEL = 'popup-routes';

export type RoutesControl = { stopRefresh(): void };

export const createRoutesSlice =
  (deps: PopupDeps, control: RoutesControl): StateCreator<PopupState, [], [], RoutesSlice> =>
  (set, get) => {
    const debounceMs = deps.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    const refreshMs = deps.refreshMs ?? DEFAULT_REFRESH_MS;
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

    /** The form's request, with the gas on arrival chosen for exactly that request. */
    function buildRequest(s: PopupState): RoutesRequest | undefined {
      const request = formRequest(s);
      const gas = s.gasOnArrival;
      return request && gas && gas.base === JSON.stringify(request)
        ? { ...request, fromAmountForGas: gas.fromAmountForGas.toString() }
        : request;
    }

    function formRequest(s: PopupState): RoutesRequest | undefined {
      const check = selectFormCheck(s);
      if (!check.canQuote || !s.fromToken || !s.toToken || check.amount === undefined) return undefined;
      const bridges = s.settings?.bridges;
      const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
      const bridgeOptions = bridges && {
        allow: nonEmpty(bridges.allow),
        deny: nonEmpty(bridges.deny),
        prefer: nonEmpty(bridges.prefer),
      };
      return {
        fromChainId: String(s.fromChainId),
        fromTokenAddress: s.fromToken.address,
        toChainId: String(s.toChainId),
        toTokenAddress: s.toToken.address,
        fromAmount: check.amount.toString(),
        ...(s.account ? { fromAddress: s.account } : {}),
        ...(check.recipient ? { toAddress: check.recipient } : {}),
        options: {
          slippage: s.slippage,
          order: s.order,
          ...(bridgeOptions && (bridgeOptions.allow || bridgeOptions.deny || bridgeOptions.prefer)
            ? { bridges: bridgeOptions }
            : {}),
        },
      };
    }

    /**
     * Second line behind the background's check: each route must be exactly what the form asked for, with the
     * tokens labelled as the form's own tokens are. A route that is not is never shown.
     */
    function verified(routes: Route[], choice: TransferChoice, s: PopupState): Route[] {
      const label = (t: PopupState['fromToken']) => (t ? { symbol: t.symbol, decimals: t.decimals } : undefined);
      const labels: ChosenTokens = { from: label(s.fromToken), to: label(s.toToken) };
      return routes.filter((route) => {
        const check = verifyRoute(route, choice, labels);
        if (!check.ok) console.warn(`[routes] not showing route ${route.id}: ${check.reason}`);
        return check.ok;
      });
    }

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
        const matching = verified(result.routes, choice, asked);
        const routes = withoutDenied(matching, asked.settings?.bridges.deny);
        const unavailable =
          matching.length < result.routes.length
            ? {
                ...result.unavailableRoutes,
                filteredOut: [
                  ...(result.unavailableRoutes?.filteredOut ?? []),
                  { reason: 'ROUTE_MISMATCH: a route differs from what the form asked for' },
                ],
              }
            : routes.length < matching.length
              ? {
                  ...result.unavailableRoutes,
                  filteredOut: [
                    ...(result.unavailableRoutes?.filteredOut ?? []),
                    { reason: 'DENIED_TOOL: a route uses a bridge or exchange set to Never' },
                  ],
                }
              : result.unavailableRoutes;
        // Keep the person's pick across refreshes of the same search (new quotes carry new ids): same tool, else the
        // first. A new search (other chains, tokens, amount, recipient or slippage) starts from the top route: the
        // tool picked for other details may now be the worst.
        const refresh = sameChoice(get().routesChoice, choice);
        const previous = refresh ? get().routes.find((r) => r.id === get().selectedRouteId) : undefined;
        const kept = previous && routes.find((r) => r.tool === previous.tool);
        const selected = kept ?? routes[0];
        set({
          routes,
          routesChoice: choice,
          routesStatus: routes.length ? 'ready' : 'empty',
          routesMessage: routes.length ? undefined : explainNoRoutes(unavailable),
          selectedRouteId: selected?.id,
          fetchedAt: result.fetchedAt,
          valueLossAcknowledged: kept ? get().valueLossAcknowledged : false,
        });
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
        const message =
          err instanceof RemoteError
            ? explainRoutesError({
                shortMessage: err.shortMessage,
                code: err.code,
                status: err.status,
                details: err.details,
              })
            : i18n.t('popup.noRoutes.couldNot');
        set({
          routes: [],
          routesChoice: undefined,
          routesStatus: err instanceof RemoteError && (err.code === 1002 || err.status === 404) ? 'empty' : 'error',
          routesMessage: message,
          selectedRouteId: undefined,
        });
      }
      if (mine === sequence) {
        clearTimeout(holdTimer);
        if (get().routesHeldUntil !== undefined) set({ routesHeldUntil: undefined });
      }
      await readAllowance(mine);
      // Few searches left: no refresh on its own; a refresh is then one click (RefreshCountdown).
      if (mine !== sequence || isBusy(get()) || get().routesAllowance?.low) return;
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
      requestRoutes({ immediate = false, refresh = false } = {}) {
        clearTimers();
        if (isBusy(get())) return;
        if (!buildRequest(get())) {
          sequence++;
          set({
            routesStatus: 'idle',
            routes: [],
            routesChoice: undefined,
            routesMessage: undefined,
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
        debounceTimer = setTimeout(() => void fetchRoutes(refresh), immediate ? 0 : debounceMs);
      },
      selectRoute(id) {
        if (id !== get().selectedRouteId) set({ selectedRouteId: id, valueLossAcknowledged: false });
      },
      acknowledgeValueLoss(acknowledged) {
        set({ valueLossAcknowledged: acknowledged });
      },
    };
  };
