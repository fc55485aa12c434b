import { useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { gasReadText } from '../../format/gasRead';
import { formatDateTime } from '../../format/locale';
import { nextStepText } from '../../format/nextStep';
import { canStopAfterStep, stoppedLabel, stopWords } from '../../format/stoppedRoute';
import { extensionI18n } from '../../i18n/languageSwitch';
import { storedText } from '../../i18n/storedWords';
import { sameAddress } from '../../lib/addresses';
import { isFlagged, LOCAL_STATUS } from '../../model/localStatus';
import { type ExecutionRecord, hasExecution, type TransferRecord } from '../../model/transfer';
import { stepsOf } from '../../signing/routeSteps';
import { activityCards, headlineOf, latestSend, stepCount } from '../activityCards';
import { type ActivityFilter, filterActivity, senderOf, sendersOf } from '../activityFilter';
import { stageLabel } from '../progress';
import { ActivitySearch } from './ActivitySearch';
import { usePopup } from './context';
import { HistoryExport } from './HistoryExport';
import { LeftOpenApproval } from './LeftOpenApproval';
import { LookedUpNotes } from './LookedUpNotes';
import { SupportDetailsButton } from './SupportDetailsButton';
import { type ChainNamer, StatusBadge, TransferDetails } from './TransferDetails';
import { TransferLookup } from './TransferLookup';
import { TransferSender } from './TransferSender';

/** What every entry is told of the whole list: how to name a chain, and whether to name each entry's sender. */
type ListContext = { chainName: ChainNamer; nameSenders: boolean };

/**
 * Below an entry's headline: who sent it, when the list mixes accounts, and the gas on arrival as the destination
 * chain showed it (src/format/gasRead.ts), once read there.
 */
function EntryFacts({ record, nameSenders }: { record: TransferRecord; nameSenders: boolean }) {
  const account = usePopup((s) => s.account);
  const chains = usePopup((s) => s.chains);
  const sender = nameSenders ? senderOf(record) : undefined;
  const gas = record.execution && gasReadText(record.execution, chains);
  return (
    <>
      {sender && <TransferSender sender={sender} account={account} />}
      {gas && (
        <p class="small" data-testid="transfer-gas">
          {gas}
        </p>
      )}
    </>
  );
}

/** One transfer: its headline and badge, then each transaction it sent (one per step of its route). */
function TransferCard({ record, list }: { record: TransferRecord; list: ListContext }) {
  const { chainName } = list;
  const last = latestSend(record)!;
  const flagged = record.sends.some(isFlagged);
  // A route the person stopped after a step: that, not the step's own "Completed", is the transfer's state.
  const stopped = record.execution?.phase === 'stopped' ? record.execution : undefined;
  return (
    <li class={flagged ? 'transfer flagged' : 'transfer'} data-testid="transfer" data-status={last.status}>
      <div class="transfer-head">
        <strong data-testid="transfer-headline">{headlineOf(record)}</strong>
        {last.lookedUp && (
          <span class="badge looked-up" data-testid="transfer-looked-up">
            {i18n.t('lookup.badge')}
          </span>
        )}
        {stopped ? (
          <span class="badge pending" data-testid="transfer-stopped">
            {stoppedLabel(stopped)}
          </span>
        ) : (
          <StatusBadge t={last} chainName={chainName} />
        )}
      </div>
      <EntryFacts record={record} nameSenders={list.nameSenders} />
      <LookedUpNotes t={last} chainName={chainName} />
      {stopped && (
        <p class="small notice" data-testid="transfer-stopped-words">
          {stopWords(stopped, chainName, 'done')}
        </p>
      )}
      <Sends record={record} chainName={chainName} />
      {/* Cancelled in the wallet: an approval given for it is not left open unseen. */}
      {hasExecution(record) && last.status === LOCAL_STATUS.cancelled && <LeftOpenApproval record={record} />}
      <SupportDetailsButton record={record} chainName={chainName} />
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
function WaitingItem({ record, list }: { record: ExecutionRecord; list: ListContext }) {
  const { chainName } = list;
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
      <EntryFacts record={record} nameSenders={list.nameSenders} />
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
      {record.sends.length > 0 && <SupportDetailsButton record={record} chainName={chainName} />}
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

/**
 * The entries the search and the status filter leave, grouped as Activity lists them, and what every entry is told
 * of the whole list; `listed`: whether there is anything at all to search.
 */
function useActivityList(filter: ActivityFilter) {
  const records = usePopup((s) => s.records);
  const chains = usePopup((s) => s.chains);
  const account = usePopup((s) => s.account);
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]);
  const shown = useMemo(() => activityCards(filterActivity(records, filter, chainName)), [records, filter, chains]);
  const listed = useMemo(() => {
    const all = activityCards(records);
    return all.cards.length + all.waiting.length > 0;
  }, [records]);
  // Named on every entry once the list holds another account than the one connected (or several): never guessed.
  const senders = useMemo(() => sendersOf(records), [records]);
  const nameSenders = senders.length > 1 || (senders.length === 1 && !!account && !sameAddress(senders[0], account));
  const list: ListContext = { chainName, nameSenders };
  return { ...shown, listed, list };
}

export function ActivityView() {
  const status = usePopup((s) => s.activityStatus);
  const message = usePopup((s) => s.activityMessage);
  const [filter, setFilter] = useState<ActivityFilter>({ query: '' });
  const { waiting, cards, listed, list } = useActivityList(filter);
  const searching = filter.query.trim() !== '' || filter.state !== undefined;

  return (
    <section aria-label={i18n.t('popup.activity.title')} class="activity">
      <h2>{i18n.t('popup.activity.title')}</h2>
      <TransferLookup chainName={list.chainName} />
      {status === 'error' && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {listed && <ActivitySearch filter={filter} onChange={setFilter} />}
      {waiting.length > 0 && (
        <>
          <h3>{i18n.t('execution.waiting')}</h3>
          <ul class="transfers" data-testid="waiting-executions">
            {waiting.map((e) => (
              <WaitingItem key={e.id} record={e} list={list} />
            ))}
          </ul>
        </>
      )}
      {status === 'ready' && !listed && <p class="muted">{i18n.t('popup.activity.empty')}</p>}
      {searching && cards.length === 0 && waiting.length === 0 && (
        <p class="muted" role="status" data-testid="activity-no-match">
          {i18n.t('popup.activity.noMatch')}{' '}
          <button type="button" class="link" onClick={() => setFilter({ query: '' })}>
            {i18n.t('popup.activity.showAll')}
          </button>
        </p>
      )}
      <ul class="transfers">
        {cards.map((record) => (
          <TransferCard key={record.id} record={record} list={list} />
        ))}
      </ul>
      {listed && <HistoryExport />}
    </section>
  );
}
