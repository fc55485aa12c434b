import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { describeFlagged, notCheckedNote } from '../../format/flaggedText';
import { safeLink } from '../../format/links';
import { formatDateTime } from '../../format/locale';
import { nextStepText } from '../../format/nextStep';
import { receivedText } from '../../format/receivedAmount';
import { statusLabel, substatusText } from '../../format/status';
import { shortAddress } from '../../lib/addresses';
import { isFlagged } from '../../model/localStatus';
import { type ExecutionRecord, NEEDS_PERSON, type SentTransfer } from '../../model/transfer';
import { stageLabel } from '../progress';
import { usePopup } from './context';
import { LeftOpenApproval } from './LeftOpenApproval';

function TransferItem({ t, chainName }: { t: SentTransfer; chainName(id: number): string }) {
  const received = receivedText(t);
  const sending = safeLink(t.sendingTxLink);
  const receiving = safeLink(t.receiving?.txLink);
  const flagged = describeFlagged(t, chainName);
  const unchecked = notCheckedNote(t, chainName);
  const statusClass =
    t.status === 'DONE' && !unchecked
      ? 'ok'
      : flagged || t.status === 'FAILED' || t.status === 'LOST'
        ? 'bad'
        : 'pending';
  return (
    <li class={flagged ? 'transfer flagged' : 'transfer'} data-testid="transfer" data-status={t.status}>
      <div class="transfer-head">
        <strong>
          {formatAmount(t.fromAmount, t.fromToken.decimals)} {t.fromToken.symbol} → {t.toToken.symbol}
        </strong>
        <span class={`badge ${statusClass}`} data-testid="transfer-status">
          {statusLabel(t.status)}
        </span>
      </div>
      <p class="small">
        {i18n.t('popup.activity.route', [chainName(t.fromChainId), chainName(t.toChainId), t.toolName])}
        {t.toAddress.toLowerCase() !== t.fromAddress.toLowerCase() && (
          <span data-testid="transfer-recipient">
            {i18n.t('popup.activity.toRecipient', [shortAddress(t.toAddress)])}
          </span>
        )}
        {/* The service's "received" is not repeated while the chain has not shown it, or showed otherwise. */}
        {t.substatus &&
          (t.arrival === undefined || t.arrival.state === 'confirmed' || t.arrival.state === 'unchecked') && (
            <span class="muted"> · {substatusText(t.substatus, t.substatusMessage)}</span>
          )}
      </p>
      <p class="small muted">
        {i18n.t('popup.activity.expected', [formatAmount(t.toAmount, t.toToken.decimals), t.toToken.symbol])}
        {received && !flagged && i18n.t('popup.activity.received', [received])}
        {i18n.t('popup.activity.started', [formatDateTime(t.createdAt)])}
        {t.final && i18n.t('popup.activity.updated', [formatDateTime(t.updatedAt)])}
      </p>
      <p class="small links">
        {sending ? (
          <a href={sending} target="_blank" rel="noreferrer noopener">
            {i18n.t('popup.activity.sourceTx')}
          </a>
        ) : (
          <span class="mono muted">{`${t.txHash.slice(0, 10)}…`}</span>
        )}
        {receiving && (
          <a href={receiving} target="_blank" rel="noreferrer noopener">
            {i18n.t('popup.activity.destinationTx')}
          </a>
        )}
      </p>
      {flagged && (
        <div class="small error" role="alert" data-testid="transfer-flagged">
          <strong>{flagged.title}</strong>
          <p>{flagged.message}</p>
          {flagged.details.length > 1 && (
            <ul>
              {flagged.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
          <p>{flagged.advice}</p>
        </div>
      )}
      {unchecked && (
        <p class="small notice" data-testid="transfer-unchecked">
          {unchecked}
        </p>
      )}
      {t.notSimulated && (
        <p class="small notice break" data-testid="transfer-not-simulated">
          {i18n.t('popup.activity.notSimulated', [t.notSimulated])}
        </p>
      )}
      {t.sentCheck?.state === 'pending' && !t.final && (
        <p class="small muted" data-testid="transfer-checking">
          {i18n.t('popup.activity.checking')}
          {t.sentCheck.lastError && ` (${t.sentCheck.lastError})`}
        </p>
      )}
      {t.arrival?.state === 'confirming' && !t.final && (
        <p class="small muted" data-testid="transfer-confirming">
          {i18n.t('popup.activity.confirmingArrival', [
            chainName(t.substatus === 'REFUNDED' ? t.fromChainId : t.toChainId),
          ])}
          {t.arrival.lastError && ` (${t.arrival.lastError})`}
        </p>
      )}
      {t.lastError && !t.final && <p class="small muted">{i18n.t('popup.activity.lastCheck', [t.lastError])}</p>}
      {t.status === 'LOST' && <p class="small notice">{i18n.t('popup.activity.lost')}</p>}
      {t.status === 'FAILED' && t.substatusMessage && <p class="small error">{t.substatusMessage}</p>}
      {t.sentCheck?.state === 'reverted' && t.sentCheck.revertData && (
        // The raw revert data only here, folded and wrapped: never on the card itself.
        <details class="small muted" data-testid="transfer-revert-details">
          <summary>{i18n.t('popup.activity.revertDetails')}</summary>
          <code class="mono break">{t.sentCheck.revertData}</code>
        </details>
      )}
      {t.status === 'TRACKING_STOPPED' && <StoppedHelp t={t} />}
    </li>
  );
}

/** After the give-up bound: what to do, with the page that follows the transfer when the service gave one. */
function StoppedHelp({ t }: { t: SentTransfer }) {
  const page = safeLink(t.explorerLink);
  return (
    <p class="small notice" data-testid="transfer-stopped">
      {t.substatusMessage}
      {page && (
        <>
          {' '}
          <a href={page} target="_blank" rel="noreferrer" data-testid="transfer-explorer">
            {i18n.t('popup.activity.followOn', [new URL(page).host])}
          </a>
        </>
      )}
    </p>
  );
}

/** Confirmed transfers the background stopped carrying out: what stopped them, and Continue. */
function WaitingItem({ record, chainName }: { record: ExecutionRecord; chainName(id: number): string }) {
  const continueExecution = usePopup((s) => s.continueExecution);
  const dismissExecution = usePopup((s) => s.dismissExecution);
  const e = record.execution;
  const action = e.route.action;
  const stoppedAt = e.stoppedAt && stageLabel(e.stoppedAt);
  const next = nextStepText(record, chainName);
  return (
    <li class="transfer waiting" data-testid="waiting-execution" data-phase={e.phase}>
      <div class="transfer-head">
        <strong>
          {action
            ? `${formatAmount(e.choice.fromAmount, action.fromToken.decimals)} ${action.fromToken.symbol} → ${action.toToken.symbol}`
            : e.route.tool}
        </strong>
        <span class="badge pending">{i18n.t(`execution.phase.${e.phase as 'failed'}`)}</span>
      </div>
      <p class="small">
        {i18n.t('popup.activity.route', [
          chainName(e.choice.fromChainId),
          chainName(e.choice.toChainId),
          e.route.toolDetails?.name ?? e.route.tool,
        ])}
        {i18n.t('popup.activity.started', [formatDateTime(record.createdAt)])}
      </p>
      {next && (
        <p class="small notice" data-testid="waiting-reason">
          {next}
        </p>
      )}
      {e.error && (
        <p class="small notice" data-testid="waiting-reason">
          {stoppedAt && `${i18n.t('execution.stoppedAt', [stoppedAt])} · `}
          {e.error}
        </p>
      )}
      {(e.phase === 'failed' || e.phase === 'interrupted') && <LeftOpenApproval record={record} />}
      <div class="row">
        <button type="button" onClick={() => continueExecution(record.id)} data-testid="continue-execution">
          {i18n.t('execution.continue')}
        </button>
        {e.phase !== 'needsRate' && (
          <button type="button" class="secondary" onClick={() => dismissExecution(record.id)}>
            {i18n.t('execution.dismiss')}
          </button>
        )}
      </div>
    </li>
  );
}

export function ActivityView() {
  const waiting = usePopup((s) => s.executions.filter((e) => NEEDS_PERSON.has(e.execution.phase)));
  const transfers = usePopup((s) => s.transfers);
  const status = usePopup((s) => s.activityStatus);
  const message = usePopup((s) => s.activityMessage);
  const chains = usePopup((s) => s.chains);
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]);

  return (
    <section aria-label={i18n.t('popup.activity.title')} class="activity">
      <h2>{i18n.t('popup.activity.title')}</h2>
      {status === 'error' && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {waiting.length > 0 && (
        <>
          <h3>{i18n.t('execution.waiting')}</h3>
          <ul class="transfers" data-testid="waiting-executions">
            {waiting.map((e) => (
              <WaitingItem key={e.id} record={e} chainName={chainName} />
            ))}
          </ul>
        </>
      )}
      {status === 'ready' && transfers.length === 0 && waiting.length === 0 && (
        <p class="muted">{i18n.t('popup.activity.empty')}</p>
      )}
      <ul class="transfers">
        {/* A transfer that may not be the person's comes first, whatever its age. */}
        {[...transfers.filter(isFlagged), ...transfers.filter((t) => !isFlagged(t))].map((t) => (
          <TransferItem key={t.txHash} t={t} chainName={chainName} />
        ))}
      </ul>
    </section>
  );
}
