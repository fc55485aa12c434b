import { useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { worthChoosing } from '../routeChoice';
import { summarizeRoute, tagRoutes } from '../routeSummary';
import { selectFormCheck } from '../store/selectors';
import { usePopup } from './context';
import { Lazy } from './Lazy';
import { AllowanceNotice, RefreshCountdown } from './RefreshCountdown';
import { RouteCard } from './RouteCard';
import { ServiceSettingsHint } from './ServiceSettingsHint';

/** One route (the selected one, the best to begin with) keeps the form, the route and the send button in 600 px. */
const COLLAPSED = 1;

type Shown = 'selected' | 'worth' | 'all';

// What bridges alone set, said only when a search could not prove it (a chunk of its own).
const loadLeftOut = () => import('./RouteProofNotes').then((m) => m.LeftOutLine);
const loadMark = () => import('./RouteProofNotes').then((m) => m.UnprovenMark);

export function RouteList() {
  const routes = usePopup((s) => s.routes);
  const status = usePopup((s) => s.routesStatus);
  const message = usePopup((s) => s.routesMessage);
  const blameSettings = usePopup((s) => s.routesBlameSettings);
  const amountTyped = usePopup((s) => s.amountText.trim() !== '');
  const amountRefused = usePopup((s) => selectFormCheck(s).errors.amount !== undefined);
  const selectedId = usePopup((s) => s.selectedRouteId ?? s.routes[0]?.id);
  const select = usePopup((s) => s.selectRoute);
  const proofs = usePopup((s) => s.routeProofs);
  const retry = usePopup((s) => s.requestRoutes);
  const slippage = usePopup((s) => s.routesChoice?.slippage);
  const summaries = useMemo(() => routes.map((route) => summarizeRoute(route, slippage)), [routes, slippage]);
  // Compared, the list holds the routes worth choosing; the ones plainly beaten by another come on request.
  const worth = useMemo(() => new Set(worthChoosing(routes, selectedId).shown.map((r) => r.id)), [routes, selectedId]);
  const [showing, setShowing] = useState<Shown>('selected');
  const shown =
    showing === 'all'
      ? summaries
      : showing === 'worth'
        ? summaries.filter((r) => worth.has(r.id))
        : summaries
            .filter((r) => r.id === selectedId)
            .concat(summaries.some((r) => r.id === selectedId) ? [] : summaries)
            .slice(0, COLLAPSED);
  const tags = useMemo(() => tagRoutes(routes), [routes]);
  // Once a transfer is handed over its routes are gone (executionSlice.execute) and its progress shows below: no
  // "enter an amount" for a route list that is not the matter now. A new amount typed meanwhile searches again.
  const sending = usePopup((s) => s.stage !== 'idle');
  if (sending && status === 'idle') return null;

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
      <AllowanceNotice />
      {status === 'idle' && (
        <p class="muted" data-testid="routes-idle">
          {/* An amount typed that cannot be searched (above the balance, too many decimals): the field says why. */}
          {amountRefused
            ? i18n.t('popup.routes.fixAmount')
            : amountTyped
              ? i18n.t('popup.send.completeDetails')
              : i18n.t('popup.routes.enterAmount')}
        </p>
      )}
      {status === 'waiting' && <p class="muted">{i18n.t('popup.routes.finding')}</p>}
      {(status === 'empty' || status === 'error') && (
        <p class={status === 'error' ? 'error' : 'notice'} role="alert" data-testid="routes-message">
          {message}
        </p>
      )}
      {(status === 'empty' || status === 'error') && blameSettings && <ServiceSettingsHint />}
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
              mark={
                proofs?.unproven[summary.id] && (
                  <Lazy load={loadMark} props={{ figures: proofs.unproven[summary.id] ?? [] }} />
                )
              }
            />
          ))}
        </fieldset>
      )}
      {showing === 'selected' && summaries.length > shown.length && (
        <button
          type="button"
          class="link more-routes"
          onClick={() => setShowing(worth.size > shown.length ? 'worth' : 'all')}
          data-testid="show-all-routes"
        >
          {worth.size > shown.length
            ? i18n.t('popup.routes.compareAll', [String(worth.size)])
            : i18n.t('popup.routes.showMore', [String(summaries.length - shown.length)])}
        </button>
      )}
      {showing === 'worth' && summaries.length > shown.length && (
        <button type="button" class="link more-routes" onClick={() => setShowing('all')} data-testid="show-more-routes">
          {i18n.t('popup.routes.showMore', [String(summaries.length - shown.length)])}
        </button>
      )}
      {!!proofs?.leftOut && status !== 'loading' && <Lazy load={loadLeftOut} props={{ leftOut: proofs.leftOut }} />}
    </section>
  );
}
