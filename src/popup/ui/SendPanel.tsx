import { formatAmount } from '../../format/amount';
import { formatUsd } from '../../format/usd';
import { progressSteps } from '../progress';
import { losesValue, summarizeRoute } from '../routeSummary';
import { WALLET_STAGES } from '../store/executionSlice';
import { isBusy, selectFormCheck, selectSelectedRoute } from '../store/selectors';
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

export function SendPanel() {
  const s = usePopup((state) => state);
  const route = selectSelectedRoute(s);
  const check = selectFormCheck(s);
  const summary = route && summarizeRoute(route);
  const warn = summary !== undefined && losesValue(summary);
  const busy = isBusy(s);
  const toToken = route?.action?.toToken;
  const transfer = s.submittedHash
    ? s.transfers.find((t) => t.txHash.toLowerCase() === s.submittedHash?.toLowerCase())
    : undefined;

  const blocked = !s.account
    ? 'Connect a wallet to send.'
    : !check.canSend
      ? 'Complete the details above.'
      : !route
        ? 'Pick a route.'
        : warn && !s.valueLossAcknowledged
          ? 'Confirm the value-loss warning.'
          : undefined;

  return (
    <section class="send" aria-label="Send">
      {warn && summary && (
        <div class="warning" role="alert" data-testid="value-loss-warning">
          <p>
            You would receive {formatUsd(summary.toAmountUSD) ?? '—'} for{' '}
            {formatUsd((summary.fromAmountUSD ?? 0) + summary.gasUSD + summary.feesUSD)} sent with fees and gas: a loss
            of {Math.round((1 - (summary.valueRatio ?? 1)) * 100)}%.
          </p>
          <label class="check">
            <input
              type="checkbox"
              checked={s.valueLossAcknowledged}
              disabled={busy}
              onChange={(e) => s.acknowledgeValueLoss(e.currentTarget.checked)}
            />
            I understand I will lose this value
          </label>
        </div>
      )}
      {s.ratePrompt && toToken && (
        <div class="warning" role="alertdialog" aria-label="The rate changed" data-testid="rate-prompt">
          <p>
            The rate got worse since you chose: you would now receive at least{' '}
            {formatAmount(s.ratePrompt.newMin, toToken.decimals)} {toToken.symbol} instead of{' '}
            {formatAmount(s.ratePrompt.previousMin, toToken.decimals)}.
          </p>
          <div class="row">
            <button type="button" onClick={() => s.answerRatePrompt(true)}>
              Accept new rate
            </button>
            <button type="button" class="secondary" onClick={() => s.answerRatePrompt(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {s.stage === 'idle' ? (
        <>
          <button
            type="button"
            class="primary"
            disabled={Boolean(blocked)}
            onClick={() => void s.execute()}
            data-testid="send"
          >
            {route?.action && route.action.fromChainId !== route.action.toChainId ? 'Bridge' : 'Swap'}
          </button>
          <p class="muted small center" data-testid="send-hint">
            {blocked ?? 'You will approve exactly this amount, never an unlimited allowance.'}
          </p>
        </>
      ) : (
        <div class="progress" data-testid="progress">
          <ol aria-label="Progress">
            {progressSteps(s.stage, s.failedStage, transfer).map((step) => (
              <li
                key={step.key}
                class={`stage ${step.state}`}
                aria-current={step.state === 'current' ? 'step' : undefined}
              >
                {step.label}
              </li>
            ))}
          </ol>
          {busy && <p aria-live="polite">{BUSY_TEXT[s.stage] ?? 'Working…'}</p>}
          {WALLET_STAGES.has(s.stage) && (
            <button type="button" class="link" onClick={s.stopWaiting} data-testid="stop-waiting">
              Stop waiting for the wallet
            </button>
          )}
          {s.submittedHash && (
            <p class="small">
              Transaction <span class="mono">{`${s.submittedHash.slice(0, 10)}…${s.submittedHash.slice(-8)}`}</span>
            </p>
          )}
          {s.executionError && (
            <p class="error" role="alert" data-testid="execution-error">
              {s.executionError}
            </p>
          )}
          {s.stage === 'done' && !s.executionError && (
            <p class="ok" role="status" data-testid="execution-done">
              Sent. Follow it in Activity.
            </p>
          )}
          {!busy && (
            <div class="row">
              {s.stage === 'failed' && (
                <button type="button" onClick={s.resetExecution}>
                  Try again
                </button>
              )}
              {s.stage === 'done' && (
                <button type="button" onClick={() => s.setView('activity')}>
                  Open Activity
                </button>
              )}
              <button type="button" class="secondary" onClick={s.resetExecution}>
                {s.stage === 'done' ? 'New transfer' : 'Back'}
              </button>
            </div>
          )}
        </div>
      )}
      {!busy && s.stage === 'idle' && (
        <label class="check small muted">
          <input
            type="checkbox"
            checked={s.allowUnlimited}
            onChange={(e) => s.setAllowUnlimited(e.currentTarget.checked)}
          />
          Allow unlimited approval (not recommended)
        </label>
      )}
    </section>
  );
}
