import { i18n } from '#i18n';
import { safeLink } from '../../format/links';
import { nextStepText } from '../../format/nextStep';
import { progressSteps } from '../progress';
import { WALLET_STAGES } from '../store/executionSlice';
import { isBusy, selectFollowedExecution } from '../store/selectors';
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

/** A send under way or finished: the steps, the transaction, and what to do next. */
export function SendProgress() {
  const stage = usePopup((s) => s.stage);
  const failedStage = usePopup((s) => s.failedStage);
  const submittedHash = usePopup((s) => s.submittedHash);
  const executionError = usePopup((s) => s.executionError);
  const busy = usePopup(isBusy);
  const transfer = usePopup((s) =>
    s.submittedHash ? s.transfers.find((t) => t.txHash.toLowerCase() === s.submittedHash?.toLowerCase()) : undefined,
  );
  const sourceLink = safeLink(transfer?.sendingTxLink);
  const stopWaiting = usePopup((s) => s.stopWaiting);
  const resetExecution = usePopup((s) => s.resetExecution);
  const setView = usePopup((s) => s.setView);
  const continueExecution = usePopup((s) => s.continueExecution);
  // A route of several steps: the step before arrived, the next waits for the person's signature.
  const followed = usePopup(selectFollowedExecution);
  const chains = usePopup((s) => s.chains);
  const next =
    followed &&
    nextStepText(
      followed,
      (id) => chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]),
    );

  return (
    <div class="progress" data-testid="progress">
      <ol aria-label={i18n.t('popup.progress.label')}>
        {progressSteps(stage, failedStage, transfer).map((step) => (
          <li key={step.key} class={`stage ${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            {step.label}
          </li>
        ))}
      </ol>
      {busy && <p aria-live="polite">{BUSY_TEXT[stage]?.() ?? i18n.t('popup.progress.busy.working')}</p>}
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
          <p class="ok" role="status" data-testid="execution-done">
            {i18n.t('popup.progress.sent')}
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
