import { useEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';
import { safeLink } from '../../format/links';
import { nextStepText } from '../../format/nextStep';
import { type ExecutionRecord, type SentTransfer, stagesPassed } from '../../model/transfer';
import { stepsOf } from '../../signing/routeSteps';
import { type ProgressContext, progressSteps, sentLine } from '../progress';
import { WALLET_STAGES } from '../store/executionSlice';
import { isBusy, selectFollowedExecution } from '../store/selectors';
import type { PopupState } from '../store/types';
import { usePopup } from './context';

/** What the person should do or wait for at each stage, in the words of the wallet they are looking at. */
const BUSY_TEXT: Partial<Record<string, () => string>> = {
  switching: () => i18n.t('popup.progress.busy.switching'),
  'checking-allowance': () => i18n.t('popup.progress.busy.checkingAllowance'),
  'resetting-approval': () => i18n.t('popup.progress.busy.resettingApproval'),
  approving: () => i18n.t('popup.progress.busy.approving'),
  'approval-pending': () => i18n.t('popup.progress.busy.approvalPending'),
  preparing: () => i18n.t('popup.progress.busy.preparing'),
  signing: () => i18n.t('popup.progress.busy.signing'),
};

/**
 * The transaction the checklist follows: the one this popup saw sent, else the followed execution's latest (a route
 * whose earlier step arrived shows that step's arrival beside its Continue).
 */
function followedTransfer(s: PopupState, followed: ExecutionRecord | undefined): SentTransfer | undefined {
  const hash = s.submittedHash?.toLowerCase();
  if (hash) return s.transfers.find((t) => t.txHash.toLowerCase() === hash);
  return followed?.execution.phase === 'needsSignature' ? followed.sends.at(-1) : undefined;
}

/** The chains and token the checklist names: the sent transaction's, else the step under way's, else the form's. */
function contextOf(
  form: Pick<PopupState, 'fromChainId' | 'toChainId'> & { fromSymbol?: string },
  followed: ExecutionRecord | undefined,
  transfer: SentTransfer | undefined,
  chainName: (id: number) => string,
): ProgressContext {
  const passed = followed && stagesPassed(followed.execution);
  if (transfer) {
    return {
      fromChain: chainName(transfer.fromChainId),
      toChain: chainName(transfer.toChainId),
      fromSymbol: transfer.fromToken.symbol,
      passed,
    };
  }
  const e = followed?.execution;
  const action = e && (stepsOf(e.route)[e.step ?? 0]?.action ?? e.route.action);
  if (action) {
    return {
      fromChain: chainName(Number(action.fromChainId)),
      toChain: chainName(Number(action.toChainId)),
      fromSymbol: action.fromToken.symbol,
      passed,
    };
  }
  return {
    fromChain: form.fromChainId === undefined ? '' : chainName(form.fromChainId),
    toChain: form.toChainId === undefined ? '' : chainName(form.toChainId),
    fromSymbol: form.fromSymbol ?? '',
  };
}

/** A send under way or finished: the steps, the transaction, and what to do next. */
export function SendProgress() {
  const stage = usePopup((s) => s.stage);
  const failedStage = usePopup((s) => s.failedStage);
  const submittedHash = usePopup((s) => s.submittedHash);
  const executionError = usePopup((s) => s.executionError);
  const executionNotice = usePopup((s) => s.executionNotice);
  const busy = usePopup(isBusy);
  // A route of several steps: the step before arrived, the next waits for the person's signature.
  const followed = usePopup(selectFollowedExecution);
  const transfer = usePopup((s) => followedTransfer(s, followed));
  const sourceLink = safeLink(transfer?.sendingTxLink);
  const stopWaiting = usePopup((s) => s.stopWaiting);
  const resetExecution = usePopup((s) => s.resetExecution);
  const setView = usePopup((s) => s.setView);
  const continueExecution = usePopup((s) => s.continueExecution);
  const chains = usePopup((s) => s.chains);
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]);
  const fromChainId = usePopup((s) => s.fromChainId);
  const toChainId = usePopup((s) => s.toChainId);
  const fromSymbol = usePopup((s) => s.fromToken?.symbol);
  const context = contextOf({ fromChainId, toChainId, fromSymbol }, followed, transfer, chainName);
  const next = followed && nextStepText(followed, chainName);
  const done = sentLine(transfer);
  // The progress comes into view when a send starts or a step is continued, wherever the form left the scroll.
  const ref = useRef<HTMLDivElement>(null);
  const executionId = followed?.id;
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [executionId, followed?.execution.step]);

  return (
    <div class="progress" data-testid="progress" ref={ref}>
      <ol aria-label={i18n.t('popup.progress.label')}>
        {progressSteps(stage, failedStage, transfer, context).map((step) => (
          <li key={step.key} class={`stage ${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            {step.label}
          </li>
        ))}
      </ol>
      {busy && <p aria-live="polite">{BUSY_TEXT[stage]?.() ?? i18n.t('popup.progress.busy.working')}</p>}
      {busy && executionNotice && (
        <p class="notice small" data-testid="execution-notice">
          {executionNotice}
        </p>
      )}
      {WALLET_STAGES.has(stage) && (
        <button type="button" class="link" onClick={stopWaiting} data-testid="stop-waiting">
          {i18n.t('popup.progress.stopWaiting')}
        </button>
      )}
      {submittedHash && (
        <p class="small">
          {i18n.t('popup.progress.transaction')}{' '}
          <span class="mono">{`${submittedHash.slice(0, 10)}…${submittedHash.slice(-8)}`}</span>
          {sourceLink && (
            <>
              {' · '}
              <a href={sourceLink} target="_blank" rel="noreferrer" data-testid="sent-tx-link">
                {i18n.t('popup.progress.viewInExplorer')}
              </a>
            </>
          )}
        </p>
      )}
      {executionError && (
        <p class="error" role="alert" data-testid="execution-error">
          {executionError}
        </p>
      )}
      {next ? (
        <div class="notice small" role="status" data-testid="next-step">
          <p>{next}</p>
          <button type="button" onClick={() => continueExecution(followed!.id)} data-testid="continue-execution">
            {i18n.t('execution.continue')}
          </button>
        </div>
      ) : (
        stage === 'done' &&
        !executionError && (
          <p class={done.tone} role="status" data-testid="execution-done">
            {done.text}
          </p>
        )
      )}
      {!busy && (
        <div class="row">
          {stage === 'failed' && (
            <button type="button" onClick={resetExecution}>
              {i18n.t('popup.progress.tryAgain')}
            </button>
          )}
          {stage === 'done' && (
            <button type="button" onClick={() => setView('activity')}>
              {i18n.t('popup.progress.openActivity')}
            </button>
          )}
          <button type="button" class="secondary" onClick={resetExecution}>
            {stage === 'done' ? i18n.t('popup.progress.newTransfer') : i18n.t('popup.progress.back')}
          </button>
        </div>
      )}
    </div>
  );
}
