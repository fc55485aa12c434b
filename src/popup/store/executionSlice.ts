import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import { formatUnitsExact } from '../../format/amount';
import { storedText } from '../../i18n/storedWords';
import { toWire } from '../../messaging/wire';
import { currentSend, type ExecutionRecord, executionsOf } from '../../model/transfer';
import { readTransfer } from '../../storage/transfersCodec';
import { losesValue, summarizeRoute } from '../routeSummary';
import type { PopupDeps } from './deps';
import type { RoutesControl } from './routesSlice';
import { selectChain, selectFormCheck, selectRoutesMatchForm, selectSelectedRoute } from './selectors';
import type { ExecutionSlice, ExecutionState, PopupState } from './types';

/** Stages where the popup waits for the person to answer in the wallet (the Stop waiting button shows there). */
export const WALLET_STAGES: ReadonlySet<ExecutionState> = new Set([
  'switching',
  'resetting-approval',
  'approving',
  'signing',
]);

/**
 * Why the selected route cannot be sent as the form stands, or undefined when it can. Checked when the review opens
 * and again when the person confirms it, since the form, the routes or the wallet may change in between.
 */
export function sendBlocker(s: PopupState): string | undefined {
  const route = selectSelectedRoute(s);
  const check = selectFormCheck(s);
  if (!s.account) return i18n.t('popup.execution.connectFirst');
  if (!route || !selectChain(s, s.fromChainId) || !check.canSend || !check.recipient) {
    return i18n.t('popup.execution.complete');
  }
  // The routes shown were verified against the form as it was when they were asked for; the form must still say
  // the same, or the person would sign for something the screen no longer says.
  const choice = s.routesChoice;
  if (!choice || !selectRoutesMatchForm(s)) {
    return i18n.t('popup.execution.changed');
  }
  if (losesValue(summarizeRoute(route, choice.slippage)) && !s.valueLossAcknowledged) {
    return i18n.t('popup.execution.valueLoss');
  }
  return undefined;
}

/** What the popup shows of the execution it follows (src/model/transfer.ts). */
export function stateOfExecution(record: ExecutionRecord): Partial<ExecutionSlice> {
  const { execution } = record;
  switch (execution.phase) {
    case 'running':
      return {
        stage: execution.stage ?? 'preparing',
        ratePrompt: undefined,
        executionError: undefined,
        executionNotice: execution.notice,
      };
    case 'needsRate':
      return {
        stage: execution.stage ?? 'preparing',
        ratePrompt: execution.ratePrompt && {
          previousMin: BigInt(execution.ratePrompt.previousMin),
          newMin: BigInt(execution.ratePrompt.newMin),
        },
      };
    case 'sent':
    case 'bridging':
      return {
        stage: 'done',
        submittedHash: currentSend(record)?.txHash,
        ratePrompt: undefined,
        executionError: undefined,
      };
    case 'stopped':
      // The person stopped the route after a step (Activity names it): nothing more to follow, the form is back.
      return {
        stage: 'idle',
        executionId: undefined,
        handedOver: undefined,
        submittedHash: undefined,
        ratePrompt: undefined,
      };
    case 'needsSignature':
      // The previous step arrived: the progress shows what is ready and offers Continue (SendProgress).
      return { stage: 'done', submittedHash: undefined, ratePrompt: undefined, executionError: undefined };
    default:
      return {
        stage: 'failed',
        failedStage: execution.stoppedAt,
        // In the language spoken now, when the worker kept the reason's words (src/i18n/storedWords.ts). A message's
        // name has no dots, so i18n.t asks getMessage for it as it is.
        executionError:
          execution.error &&
          storedText(execution.error, execution.errorWords, (name, values) =>
            (i18n.t as (key: string, substitutions: string[]) => string)(name, values),
          ),
        ratePrompt: undefined,
      };
  }
}

/**
 * The amount of a stopped attempt that sent nothing, back in the form it was cleared from when the transfer was
 * handed over, so Try again is one click: only when the form still names the same token and holds no other amount.
 */
function amountToRetry(record: ExecutionRecord, s: PopupState): string | undefined {
  const { execution } = record;
  const stopped = execution.phase === 'failed' || execution.phase === 'interrupted';
  const token = execution.route.action?.fromToken;
  if (!stopped || record.sends.length > 0 || s.amountText !== '' || !token || !s.fromToken) return undefined;
  const same =
    s.fromChainId === execution.choice.fromChainId &&
    s.fromToken.address.toLowerCase() === execution.choice.fromToken.toLowerCase();
  return same ? formatUnitsExact(execution.choice.fromAmount, token.decimals) : undefined;
}

/**
 * The background carries a confirmed transfer out (src/background/execution/): this slice hands it over and then
 * only follows its record, so the popup may close at any wallet prompt without stopping anything. A popup opened
 * while one runs follows that one.
 */
export const createExecutionSlice =
  (deps: PopupDeps, routes: RoutesControl): StateCreator<PopupState, [], [], ExecutionSlice> =>
  (set, get) => {
    const fail = (message: string) => set((s) => ({ stage: 'failed', failedStage: s.stage, executionError: message }));
    const call = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (err) {
        set({ executionError: userMessage(err) });
      }
    };

    return {
      stage: 'idle',
      reviewing: false,
      allowUnlimited: false,
      executions: [],
      followingExecutions: false,
      setAllowUnlimited(allow) {
        set({ allowUnlimited: allow });
      },
      openReview() {
        const blocked = sendBlocker(get());
        if (blocked) return fail(blocked);
        // What the review shows is what will be sent: the routes must not refresh under it.
        routes.stopRefresh();
        set({ reviewing: true, stage: 'idle', failedStage: undefined, executionError: undefined });
      },
      closeReview() {
        set({ reviewing: false });
        get().requestRoutes({ immediate: true });
      },
      async execute() {
        const s = get();
        set({ reviewing: false });
        const blocked = sendBlocker(s);
        if (blocked) return fail(blocked);
        const route = selectSelectedRoute(s)!;
        const check = selectFormCheck(s);
        const choice = s.routesChoice!;
        if (s.tabId === undefined || !s.walletName || !s.account || !check.recipient) {
          return fail(i18n.t('popup.execution.connectFirst'));
        }
        // The person confirmed: the route they saw must not change under them.
        routes.stopRefresh();
        // Handed over: the form no longer holds the amount, so no click sends the same transfer again (the tokens
        // and chains stay for the next one). Cleared at once, with the send: the popup may close right after. The
        // routes found for it go with it: they are of a transfer under way, not a choice left open; a new amount
        // (New transfer, or Try again when nothing was sent) asks for routes again.
        const { amountText } = s;
        set({
          stage: 'preparing',
          handedOver: { choice, route },
          executionId: undefined,
          failedStage: undefined,
          executionError: undefined,
          submittedHash: undefined,
          ratePrompt: undefined,
          amountText: '',
          routes: [],
          routesChoice: undefined,
          routesStatus: 'idle',
          routesMessage: undefined,
          selectedRouteId: undefined,
        });
        try {
          // Answered as storage keeps it: read through the records' one codec, as the watch reads them.
          const record = readTransfer<ExecutionRecord>(
            await deps.api.startExecution({
              tabId: s.tabId,
              wallet: { rdns: s.walletRdns, name: s.walletName },
              account: s.account,
              recipient: check.recipient,
              // As the wire carries it: the background's schema reads it back (src/model/choiceSchema.ts).
              choice: toWire(choice),
              route,
              allowUnlimited: s.allowUnlimited,
            }),
          );
          set({ executionId: record.id });
          // The stored record may already be further along than the one answered; the others stay listed.
          const known = get().executions;
          get().applyExecutions(known.some((e) => e.id === record.id) ? known : [record, ...known]);
        } catch (err) {
          // Not handed over: nothing was sent, the amount stays for Try again (in the form, not a summary).
          set({ handedOver: undefined });
          if (get().amountText === '') set({ amountText });
          fail(userMessage(err));
        }
      },
      applyExecutions(records) {
        const executions = [...records].sort((a, b) => b.createdAt - a.createdAt);
        let { executionId } = get();
        // On opening (nothing followed yet): the transfer still under way, if any.
        executionId ??= executions.find(
          (e) => e.execution.phase === 'running' || e.execution.phase === 'needsRate',
        )?.id;
        const followed = executions.find((e) => e.id === executionId);
        set({ executions, ...(followed ? { executionId, ...stateOfExecution(followed) } : {}) });
      },
      followExecutions() {
        set({ followingExecutions: true });
        const stop = get().followTransfers();
        get().applyExecutions(executionsOf(get().records));
        return () => {
          set({ followingExecutions: false });
          stop();
        };
      },
      answerRatePrompt(accept) {
        const id = get().executionId;
        set({ ratePrompt: undefined });
        if (id) void call(() => deps.api.answerExecutionRate({ id, accept }));
      },
      stopWaiting() {
        const { stage, executionId } = get();
        if (!WALLET_STAGES.has(stage) || !executionId) return;
        // The wallet may still show the request. A transfer confirmed there anyway is reported by the relay and
        // tracked (expectTransfer); confirming it and also trying again would send twice.
        void call(() => deps.api.stopExecution({ id: executionId }));
      },
      continueExecution(id) {
        const record = get().executions.find((e) => e.id === id);
        // Follow it on the transfer view: its progress, and the rate question when that is what waits.
        set({
          executionId: id,
          handedOver: undefined,
          view: 'transfer',
          failedStage: undefined,
          executionError: undefined,
        });
        if (record?.execution.phase === 'needsRate') return get().applyExecutions(get().executions);
        set({ stage: 'preparing' });
        void call(async () => {
          // Through this popup's tab: the one the transfer started in may be gone.
          const tabId = get().tabId ?? (await deps.resolveTabId());
          await deps.api.continueExecution({ id, ...(tabId === undefined ? {} : { tabId }) });
        });
      },
      dismissExecution(id) {
        void call(() => deps.api.dismissExecution({ id }));
      },
      resetExecution() {
        const { executionId, executions } = get();
        // A stopped attempt the person starts over from the form is not also left waiting in Activity.
        const followed = executions.find((e) => e.id === executionId);
        if (followed && (followed.execution.phase === 'failed' || followed.execution.phase === 'interrupted')) {
          get().dismissExecution(followed.id);
        }
        const amountText = followed ? amountToRetry(followed, get()) : undefined;
        const { route, choice } = followed?.execution ?? {};
        set({
          ...(amountText === undefined ? {} : { amountText }),
          // The route tried is selected again when the new search (for the same choice) lists it.
          retryRoute:
            amountText !== undefined && route && choice
              ? { choice, tool: route.tool, steps: route.steps?.length ?? 1 }
              : undefined,
          stage: 'idle',
          executionId: undefined,
          handedOver: undefined,
          executionError: undefined,
          submittedHash: undefined,
          valueLossAcknowledged: false,
        });
        get().requestRoutes({ immediate: true });
      },
    };
  };
