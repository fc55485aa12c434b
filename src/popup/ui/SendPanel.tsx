import { useMemo } from 'preact/hooks';
import { losesValue, summarizeRoute } from '../routeSummary';
import { selectFormCheck, selectRoutesMatchForm, selectSelectedRoute } from '../store/selectors';
import { usePopup } from './context';
import { Lazy } from './Lazy';
import { RatePrompt } from './RatePrompt';
import { SendProgress } from './SendProgress';
import { ValueLossWarning } from './ValueLossWarning';

const loadReview = () => import('./ReviewDialog').then((m) => m.ReviewDialog);

/** The send button and why it is disabled, the warnings that hold it, then the progress of the send. */
export function SendPanel() {
  const route = usePopup(selectSelectedRoute);
  const canSend = usePopup((s) => selectFormCheck(s).canSend);
  const routesMatch = usePopup(selectRoutesMatchForm);
  const routesHeld = usePopup((s) => s.routesHeldUntil !== undefined);
  const routesStatus = usePopup((s) => s.routesStatus);
  const account = usePopup((s) => s.account);
  const stage = usePopup((s) => s.stage);
  const acknowledged = usePopup((s) => s.valueLossAcknowledged);
  const reviewing = usePopup((s) => s.reviewing);
  const openReview = usePopup((s) => s.openReview);
  const summary = useMemo(() => route && summarizeRoute(route), [route]);
  const warn = summary !== undefined && losesValue(summary);
  const toToken = route?.action?.toToken;

  const blocked = !account
    ? 'Connect a wallet to send.'
    : !canSend
      ? 'Complete the details above.'
      : !route
        ? routesStatus === 'error' || routesStatus === 'empty'
          ? 'No route to send yet: see Routes above.'
          : 'Routes appear here once found.'
        : !routesMatch
          ? routesHeld
            ? 'These routes are for the details you had before. New routes come when the service allows.'
            : 'These routes are for the details you had before. New routes are on the way.'
          : warn && !acknowledged
            ? 'Confirm the value-loss warning.'
            : undefined;

  return (
    <section class="send" aria-label="Send">
      {warn && summary && <ValueLossWarning summary={summary} />}
      {toToken && <RatePrompt toToken={toToken} />}
      {stage === 'idle' ? (
        <>
          <button type="button" class="primary" disabled={Boolean(blocked)} onClick={openReview} data-testid="send">
            {route?.action && route.action.fromChainId !== route.action.toChainId ? 'Bridge' : 'Swap'}
          </button>
          <p class="muted small center" data-testid="send-hint">
            {blocked ?? 'You review every detail before the wallet is asked.'}
          </p>
          {reviewing && <Lazy load={loadReview} props={{}} />}
        </>
      ) : (
        <SendProgress />
      )}
    </section>
  );
}
