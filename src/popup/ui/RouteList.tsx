import { useMemo } from 'preact/hooks';
import { summarizeRoute, tagRoutes } from '../routeSummary';
import { usePopup } from './context';
import { RefreshCountdown } from './RefreshCountdown';
import { RouteCard } from './RouteCard';

export function RouteList() {
  const routes = usePopup((s) => s.routes);
  const status = usePopup((s) => s.routesStatus);
  const message = usePopup((s) => s.routesMessage);
  const selectedId = usePopup((s) => s.selectedRouteId ?? s.routes[0]?.id);
  const select = usePopup((s) => s.selectRoute);
  const summaries = useMemo(() => routes.map(summarizeRoute), [routes]);
  const tags = useMemo(() => tagRoutes(routes), [routes]);

  const moveSelection = (delta: number) => {
    const index = routes.findIndex((r) => r.id === selectedId);
    const next = routes[(index + delta + routes.length) % routes.length];
    if (next) {
      select(next.id);
      queueMicrotask(() => document.querySelector<HTMLElement>('.route.selected')?.focus());
    }
  };

  return (
    <section class="routes" aria-label="Routes" aria-busy={status === 'loading' || status === 'waiting'}>
      <div class="routes-head">
        <h2>Routes</h2>
        <RefreshCountdown />
      </div>
      {status === 'idle' && <p class="muted">Enter an amount to see routes.</p>}
      {status === 'waiting' && <p class="muted">Finding routes…</p>}
      {(status === 'empty' || status === 'error') && (
        <p class={status === 'error' ? 'error' : 'notice'} role="alert" data-testid="routes-message">
          {message}
        </p>
      )}
      {routes.length > 0 && (
        <div
          role="radiogroup"
          aria-label="Available routes"
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowRight') moveSelection(1);
            else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') moveSelection(-1);
            else return;
            e.preventDefault();
          }}
        >
          {summaries.map((summary) => (
            <RouteCard
              key={summary.id}
              summary={summary}
              tags={tags.get(summary.id) ?? []}
              selected={summary.id === selectedId}
              tabIndex={summary.id === selectedId ? 0 : -1}
              onSelect={() => select(summary.id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
