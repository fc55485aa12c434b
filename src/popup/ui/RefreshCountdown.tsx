import { useEffect, useState } from 'preact/hooks';
import { usePopup } from './context';

/** "Refreshing in 27 s": visible so the person knows the quote is live; gone once they confirm. */
export function RefreshCountdown() {
  const next = usePopup((s) => s.nextRefreshAt);
  const status = usePopup((s) => s.routesStatus);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (next === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [next]);
  const text =
    status === 'loading' || status === 'waiting'
      ? 'Updating routes…'
      : next !== undefined
        ? `Refreshing in ${Math.max(0, Math.ceil((next - now) / 1000))} s`
        : '';
  return (
    <span class="muted small" data-testid="refresh-countdown" aria-live="off">
      {text}
    </span>
  );
}
