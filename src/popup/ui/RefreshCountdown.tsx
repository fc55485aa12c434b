import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatCount, formatDateTime, uiLocale } from '../../format/locale';
import { usePopup } from './context';

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

/** A time the person reads in their own locale: the hour alone today, with the date otherwise. */
function formatWhen(ms: number, now: number): string {
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return sameDay ? new Date(ms).toLocaleTimeString(uiLocale(), { timeStyle: 'short' }) : formatDateTime(ms);
}

/**
 * "Refreshing in 27 s": visible so the person knows the quote is live; gone once they confirm. While the service
 * has asked the extension to hold its requests, says so and for how long, instead of an unexplained wait. With few
 * route searches left the routes no longer refresh on their own: a refresh is then this one button.
 */
export function RefreshCountdown() {
  const next = usePopup((s) => s.nextRefreshAt);
  const held = usePopup((s) => s.routesHeldUntil);
  const status = usePopup((s) => s.routesStatus);
  const low = usePopup((s) => s.routesAllowance?.low === true);
  const requestRoutes = usePopup((s) => s.requestRoutes);
  const [now, setNow] = useState(Date.now());
  const ticking = held ?? next;
  useEffect(() => {
    if (ticking === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (status === 'ready' && low && next === undefined) {
    return (
      <button
        type="button"
        class="secondary small"
        title={i18n.t('popup.routes.refreshNowTitle')}
        onClick={() => requestRoutes({ immediate: true })}
        data-testid="refresh-now"
      >
        {i18n.t('popup.routes.refreshNow')}
      </button>
    );
  }
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

/**
 * What is left of the route searches, said when it matters: a limit reached (until when, in the person's time), or,
 * without a key and with few left, how many until when and that a LI.FI key raises it.
 */
export function AllowanceNotice() {
  const allowance = usePopup((s) => s.routesAllowance);
  const now = Date.now();
  if (allowance?.heldUntil !== undefined && allowance.heldUntil > now + 60_000) {
    return (
      <p class="notice small" role="status" data-testid="allowance-line">
        {i18n.t('popup.routes.heldUntil', [formatWhen(allowance.heldUntil, now)])}
      </p>
    );
  }
  if (!allowance?.low || allowance.keyed || allowance.remaining === undefined || allowance.resetAt === undefined) {
    return null;
  }
  return (
    <p class="muted small" role="status" data-testid="allowance-line">
      {i18n.t('popup.routes.allowanceLeft', [formatCount(allowance.remaining), formatWhen(allowance.resetAt, now)])}{' '}
      {i18n.t('popup.routes.allowanceKey')}
    </p>
  );
}
