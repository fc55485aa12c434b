import { safeLink } from '../../format/links';
import { progressSteps } from '../progress';
import { WALLET_STAGES } from '../store/executionSlice';
import { isBusy } from '../store/selectors';
import { usePopup } from './context';

/** What the person should do or wait for at each stage, in the words of the wallet they are looking at. */
const BUSY_TEXT: Partial<Record<string, string>> = {
  switching: 'Confirm the network switch in your wallet…',
  'checking-allowance': 'Checking the approved amount…',
  'resetting-approval': 'This token needs its approval reset to 0 first: confirm in your wallet…',
  approving: 'Approve exactly this amount in your wallet…',
  'approval-pending': 'Waiting for the approval to be confirmed on chain…',
  preparing: 'Getting the final transaction and checking it…',
  signing: 'Confirm the transfer in your wallet…',
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

  return (
    <div class="progress" data-testid="progress">
      <ol aria-label="Progress">
        {progressSteps(stage, failedStage, transfer).map((step) => (
          <li key={step.key} class={`stage ${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            {step.label}
          </li>
        ))}
      </ol>
      {busy && <p aria-live="polite">{BUSY_TEXT[stage] ?? 'Working…'}</p>}
      {WALLET_STAGES.has(stage) && (
        <button type="button" class="link" onClick={stopWaiting} data-testid="stop-waiting">
          Stop waiting for the wallet
        </button>
      )}
      {submittedHash && (
        <p class="small">
          Transaction <span class="mono">{`${submittedHash.slice(0, 10)}…${submittedHash.slice(-8)}`}</span>
          {sourceLink && (
            <>
              {' · '}
              <a href={sourceLink} target="_blank" rel="noreferrer" data-testid="sent-tx-link">
                View in explorer
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
      {stage === 'done' && !executionError && (
        <p class="ok" role="status" data-testid="execution-done">
          Sent. Follow it in Activity.
        </p>
      )}
      {!busy && (
        <div class="row">
          {stage === 'failed' && (
            <button type="button" onClick={resetExecution}>
              Try again
            </button>
          )}
          {stage === 'done' && (
            <button type="button" onClick={() => setView('activity')}>
              Open Activity
            </button>
          )}
          <button type="button" class="secondary" onClick={resetExecution}>
            {stage === 'done' ? 'New transfer' : 'Back'}
          </button>
        </div>
      )}
    </div>
  );
}
