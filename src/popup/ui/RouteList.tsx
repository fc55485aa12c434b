import { useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { summarizeRoute, tagRoutes } from '../routeSummary';
import { usePopup } from './context';
import { RefreshCountdown } from './RefreshCountdown';
import { RouteCard } from './RouteCard';

/** One route (the selected one, the best to begin with) keeps the form, the route and the send button in 600 px. */
const COLLAPSED = 1;

export function RouteList() {
  const routes = usePopup((s) => s.routes);
  const status = usePopup((s) => s.routesStatus);
  const message = usePopup((s) => s.routesMessage);
  const selectedId = usePopup((s) => s.selectedRouteId ?? s.routes[0]?.id);
  const select = usePopup((s) => s.selectRoute);
  const retry = usePopup((s) => s.requestRoutes);
  const slippage = usePopup((s) => s.routesChoice?.slippage);
  const summaries = useMemo(() => routes.map((route) => summarizeRoute(route, slippage)), [routes, slippage]);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll
    ? summaries
    : summaries
        .filter((r) => r.id === selectedId)
        .concat(summaries.some((r) => r.id === selectedId) ? [] : summaries)
        .slice(0, COLLAPSED);
  const tags = useMemo(() => tagRoutes(routes), [routes]);

  return (
    <section
      class="routes"
      aria-label={i18n.t('popup.routes.title')}
      aria-busy={status === 'loading' || status === 'waiting'}
    >
      <div class="routes-head">
        <h2>{i18n.t('popup.routes.title')}</h2>
        <RefreshCountdown />
      </div>
      {status === 'idle' && <p class="muted">{i18n.t('popup.routes.enterAmount')}</p>}
      {status === 'waiting' && <p class="muted">{i18n.t('popup.routes.finding')}</p>}
      {(status === 'empty' || status === 'error') && (
        <p class={status === 'error' ? 'error' : 'notice'} role="alert" data-testid="routes-message">
          {message}
        </p>
      )}
      {status === 'error' && (
        <button type="button" class="secondary" onClick={() => retry({ immediate: true })} data-testid="routes-retry">
          {i18n.t('popup.routes.tryAgain')}
        </button>
      )}
      {routes.length > 0 && (
        <fieldset class="route-group">
          <legend class="sr-only">{i18n.t('popup.routes.available')}</legend>
          {shown.map((summary) => (
            <RouteCard
              key={summary.id}
              summary={summary}
              tags={tags.get(summary.id) ?? []}
              selected={summary.id === selectedId}
              onSelect={() => select(summary.id)}
            />
          ))}
        </fieldset>
      )}
      {summaries.length > shown.length && (
        <button type="button" class="link more-routes" onClick={() => setShowAll(true)} data-testid="show-all-routes">
          {i18n.t('popup.routes.compareAll', [String(summaries.length)])}
        </button>
      )}
    </section>
  );
}
