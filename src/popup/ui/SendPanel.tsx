import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Chain } from '../../schemas/catalog';
import type { Route } from '../../schemas/route';
import { losesValue, summarizeRoute } from '../routeSummary';
import {
  selectCrossChain,
  selectFollowedExecution,
  selectFormCheck,
  selectRoutesMatchForm,
  selectSelectedRoute,
} from '../store/selectors';
import { usePopup } from './context';
import { Lazy } from './Lazy';
import { RatePrompt } from './RatePrompt';
import { ValueLossWarning } from './ValueLossWarning';

const loadReview = () => import('./ReviewDialog').then((m) => m.ReviewDialog);
// Shown once a transfer is sent or followed: not needed to open the popup (its first-paint budget).
const loadProgress = () => import('./SendProgress').then((m) => m.SendProgress);
// The pinned RPC table is checked and the prompt shown in chunks of their own, for the same budget.
const loadRpcCheck = () => import('../chainsWithoutRpc').then((m) => m.chainsWithoutRpc);
const loadRpcPrompt = () => import('./RpcPrompt').then((m) => m.RpcPrompt);

/**
 * The route's first chain the extension trusts no RPC for, `undefined` when there is none, or `'checking'` while
 * the check's chunk loads for these inputs (Send stays off until it has answered).
 */
function useChainWithoutRpc(
  route: Route | undefined,
  chains: readonly Chain[],
  rpcUrls: Readonly<Record<string, string>> | undefined,
): Chain | undefined | 'checking' {
  const [answer, setAnswer] = useState<{ for: readonly unknown[]; chain: Chain | undefined }>();
  // Keyed by the route's chains, not the route: a refresh of the same search (its new quotes carry new objects) keeps
  // the answer, so Send does not flicker off and drop the keyboard focus a closed review just gave back to it.
  const from = route?.action && Number(route.action.fromChainId);
  const to = route?.action && Number(route.action.toChainId);
  const inputs = [from, to, chains, rpcUrls] as const;
  useEffect(() => {
    if (from === undefined || to === undefined || !rpcUrls) return;
    let live = true;
    void loadRpcCheck().then((check) => {
      if (live) setAnswer({ for: [from, to, chains, rpcUrls], chain: check([from, to], chains, rpcUrls)[0] });
    });
    return () => {
      live = false;
    };
  }, [from, to, chains, rpcUrls]);
  if (!route?.action || !rpcUrls) return undefined;
  if (answer?.for.every((value, i) => value === inputs[i])) return answer.chain;
  return 'checking';
}

/** The send button and why it is disabled, the warnings that hold it, then the progress of the send. */
export function SendPanel() {
  const route = usePopup(selectSelectedRoute);
  const crossChain = usePopup(selectCrossChain);
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
  // The rate question belongs to the transfer under way, which a reopened popup follows without its route selected.
  const followed = usePopup(selectFollowedExecution);
  const toToken = followed?.execution.route.action?.toToken ?? route?.action?.toToken;
  const chains = usePopup((s) => s.chains);
  const rpcUrls = usePopup((s) => s.settings?.rpcUrls);
  // A chain of the route the extension trusts no RPC for is asked of the person before anything is sent there.
  const rpcCheck = useChainWithoutRpc(route, chains, rpcUrls);
  const noRpc = rpcCheck === 'checking' ? undefined : rpcCheck;

  const blocked = !account
    ? i18n.t('popup.send.connectFirst')
    : !canSend
      ? i18n.t('popup.send.completeDetails')
      : !route
        ? routesStatus === 'error' || routesStatus === 'empty'
          ? i18n.t('popup.send.noRouteYet')
          : i18n.t('popup.send.routesAppear')
        : !routesMatch
          ? routesHeld
            ? i18n.t('popup.send.staleHeld')
            : i18n.t('popup.send.staleComing')
          : warn && !acknowledged
            ? i18n.t('popup.send.confirmLoss')
            : noRpc
              ? i18n.t('rpcPrompt.blocked', [noRpc.name])
              : undefined;

  return (
    <section class="send" aria-label={i18n.t('popup.send.label')}>
      {warn && summary && <ValueLossWarning summary={summary} />}
      {toToken && <RatePrompt toToken={toToken} />}
      {stage === 'idle' ? (
        <>
          {noRpc && <Lazy key={noRpc.id} load={loadRpcPrompt} props={{ chain: noRpc }} />}
          <button
            type="button"
            class="primary"
            disabled={Boolean(blocked) || rpcCheck === 'checking'}
            onClick={openReview}
            data-testid="send"
          >
            {crossChain ? i18n.t('popup.send.bridge') : i18n.t('popup.send.swap')}
          </button>
          <p class="muted small center" data-testid="send-hint">
            {blocked ?? i18n.t('popup.send.reviewHint')}
          </p>
          {reviewing && <Lazy load={loadReview} props={{}} />}
        </>
      ) : (
        <Lazy load={loadProgress} props={{}} />
      )}
    </section>
  );
}
