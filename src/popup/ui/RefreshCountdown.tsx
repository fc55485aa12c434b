import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { usePopup } from './context';

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

/**
 * "Refreshing in 27 s": visible so the person knows the quote is live; gone once they confirm. While the service
 * has asked the extension to hold its requests, says so and for how long, instead of an unexplained wait.
 */
export function RefreshCountdown() {
  const next = usePopup((s) => s.nextRefreshAt);
  const held = usePopup((s) => s.routesHeldUntil);
  const status = usePopup((s) => s.routesStatus);
  const [now, setNow] = useState(Date.now());
  const ticking = held ?? next;
  useEffect(() => {
    if (ticking === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  const text =
    status === 'loading' || status === 'waiting'
      ? held !== undefined
        ? i18n.t('popup.routes.held', [String(secondsUntil(held, now))])
        : i18n.t('popup.routes.updating')
      : next !== undefined
        ? i18n.t('popup.routes.refreshing', [String(secondsUntil(next, now))])
        : '';
  return (
    <span class="muted small" data-testid="refresh-countdown" aria-live="off">
      {text}
    </span>
  );
}
