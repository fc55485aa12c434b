import { useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatDateTime } from '../../format/locale';
import { nextStepText } from '../../format/nextStep';
import { canStopAfterStep, stoppedLabel, stopWords } from '../../format/stoppedRoute';
import { extensionI18n } from '../../i18n/languageSwitch';
import { storedText } from '../../i18n/storedWords';
import { isFlagged } from '../../model/localStatus';
import type { ExecutionRecord, TransferRecord } from '../../model/transfer';
import { stepsOf } from '../../signing/routeSteps';
import { activityCards, headlineOf, latestSend, stepCount } from '../activityCards';
import { stageLabel } from '../progress';
import { usePopup } from './context';
import { LeftOpenApproval } from './LeftOpenApproval';
import { type ChainNamer, StatusBadge, TransferDetails } from './TransferDetails';

/** One transfer: its headline and badge, then each transaction it sent (one per step of its route). */
function TransferCard({ record, chainName }: { record: TransferRecord; chainName: ChainNamer }) {
  const last = latestSend(record)!;
  const flagged = record.sends.some(isFlagged);
  // A route the person stopped after a step: that, not the step's own "Completed", is the transfer's state.
  const stopped = record.execution?.phase === 'stopped' ? record.execution : undefined;
  return (
    <li class={flagged ? 'transfer flagged' : 'transfer'} data-testid="transfer" data-status={last.status}>
      <div class="transfer-head">
        <strong data-testid="transfer-headline">{headlineOf(record)}</strong>
        {stopped ? (
          <span class="badge pending" data-testid="transfer-stopped">
            {stoppedLabel(stopped)}
          </span>
        ) : (
          <StatusBadge t={last} chainName={chainName} />
        )}
      </div>
      {stopped && (
        <p class="small notice" data-testid="transfer-stopped-words">
          {stopWords(stopped, chainName, 'done')}
        </p>
      )}
      <Sends record={record} chainName={chainName} />
    </li>
  );
}

/** The transactions of a transfer: one without a heading, several each under "Step n of m" with its own status. */
function Sends({ record, chainName }: { record: TransferRecord; chainName: ChainNamer }) {
  const count = stepCount(record);
  if (count === 1 && record.sends.length === 1) return <TransferDetails t={record.sends[0]!} chainName={chainName} />;
  return (
    <ol class="transfer-steps">
      {record.sends.map((t, i) => (
        <li key={t.txHash} data-testid="transfer-step" data-status={t.status}>
          <p class="small step-head">
            <strong>{i18n.t('popup.activity.step', [String((t.step ?? i) + 1), String(count)])}</strong>{' '}
            <StatusBadge t={t} chainName={chainName} />
          </p>
          <TransferDetails t={t} chainName={chainName} />
        </li>
      ))}
    </ol>
  );
}

/** Confirmed transfers the background stopped carrying out: what stopped them, and Continue. */
function WaitingItem({ record, chainName }: { record: ExecutionRecord; chainName: ChainNamer }) {
  const continueExecution = usePopup((s) => s.continueExecution);
  const dismissExecution = usePopup((s) => s.dismissExecution);
  const [asking, setAsking] = useState(false);
  const e = record.execution;
  const step = stepsOf(e.route)[e.step ?? 0]?.action ?? e.route.action;
  const stoppedAt =
    e.stoppedAt &&
    step &&
    stageLabel(e.stoppedAt, {
      fromChain: chainName(Number(step.fromChainId)),
      toChain: chainName(Number(step.toChainId)),
      fromSymbol: step.fromToken.symbol,
    });
  const next = nextStepText(record, chainName);
  return (
    <li class="transfer waiting" data-testid="waiting-execution" data-phase={e.phase}>
      <div class="transfer-head">
        <strong data-testid="transfer-headline">{e.route.action ? headlineOf(record) : e.route.tool}</strong>
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
          {/* In the language chosen now, when the worker kept the reason's words (src/i18n/storedWords.ts). */}
          {storedText(e.error, e.errorWords, (name, values) => extensionI18n().getMessage(name, values))}
        </p>
      )}
      {(e.phase === 'failed' || e.phase === 'interrupted') && <LeftOpenApproval record={record} />}
      {record.sends.length > 0 && <Sends record={record} chainName={chainName} />}
      <div class="row">
        <button type="button" onClick={() => continueExecution(record.id)} data-testid="continue-execution">
          {i18n.t('execution.continue')}
        </button>
        {e.phase !== 'needsRate' && !asking && (
          <button
            type="button"
            class="secondary"
            onClick={() => (canStopAfterStep(e) ? setAsking(true) : dismissExecution(record.id))}
            data-testid="dismiss-execution"
          >
            {i18n.t('execution.dismiss')}
          </button>
        )}
      </div>
      {asking && (
        // Giving up the rest of the route is the person's decision, in words, before anything is forgotten.
        <div class="notice small" role="alertdialog" aria-labelledby={`stop-${record.id}`} data-testid="stop-question">
          <p id={`stop-${record.id}`}>{stopWords(e, chainName, 'ask')}</p>
          <div class="row">
            <button type="button" class="secondary" onClick={() => dismissExecution(record.id)} data-testid="stop-here">
              {i18n.t('execution.stopHere')}
            </button>
            <button type="button" class="link" onClick={() => setAsking(false)}>
              {i18n.t('execution.keepWaiting')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

export function ActivityView() {
  const records = usePopup((s) => s.records);
  const { waiting, cards } = useMemo(() => activityCards(records), [records]);
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
      {status === 'ready' && cards.length === 0 && waiting.length === 0 && (
        <p class="muted">{i18n.t('popup.activity.empty')}</p>
      )}
      <ul class="transfers">
        {cards.map((record) => (
          <TransferCard key={record.id} record={record} chainName={chainName} />
        ))}
      </ul>
    </section>
  );
}
