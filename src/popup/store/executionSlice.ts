import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import { WalletStoppedError } from '../../wallet/errors';
import { losesValue, summarizeRoute } from '../routeSummary';
import type { PopupDeps } from './deps';
import type { RoutesControl } from './routesSlice';
import { selectChain, selectFormCheck, selectRoutesMatchForm, selectSelectedRoute } from './selectors';
import type { ExecutionSlice, ExecutionState, PopupState } from './types';
import type { WalletHandle } from './walletSlice';

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

export const createExecutionSlice =
  (deps: PopupDeps, handle: WalletHandle, routes: RoutesControl): StateCreator<PopupState, [], [], ExecutionSlice> =>
  (set, get) => {
    let answerRate: ((accept: boolean) => void) | undefined;
    const fail = (message: string) => set((s) => ({ stage: 'failed', failedStage: s.stage, executionError: message }));

    return {
      stage: 'idle',
      reviewing: false,
      allowUnlimited: false,
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
        const fromChain = selectChain(s, s.fromChainId)!;
        const choice = s.routesChoice!;
        if (!handle.session || !s.account || !check.recipient) return fail(i18n.t('popup.execution.connectFirst'));
        // The person confirmed: the route they saw must not change under them.
        routes.stopRefresh();
        set({
          stage: 'preparing',
          failedStage: undefined,
          executionError: undefined,
          submittedHash: undefined,
          ratePrompt: undefined,
        });
        let submitted: `0x${string}` | undefined;
        try {
          const executeTransfer = await deps.loadExecutor();
          const record = await executeTransfer(
            {
              session: handle.session,
              choice,
              route,
              fromChain,
              account: s.account,
              recipient: check.recipient,
              allowUnlimited: s.allowUnlimited,
              onStage: (stage) => set({ stage }),
              confirmNewRate: (previousMin, newMin) =>
                new Promise<boolean>((resolve) => {
                  answerRate = resolve;
                  set({ ratePrompt: { previousMin, newMin } });
                }),
              onSubmitted: (hash, input) => {
                submitted = hash;
                deps.untracked.add(input);
                set({ submittedHash: hash });
              },
            },
            {
              getStepTransaction: deps.api.getStepTransaction,
              trackTransfer: deps.api.trackTransfer,
              expectTransfer: deps.api.expectTransfer,
            },
          );
          deps.untracked.remove(record.txHash);
          set((state) => ({
            stage: 'done',
            transfers: [
              record,
              ...state.transfers.filter((t) => t.txHash.toLowerCase() !== record.txHash.toLowerCase()),
            ],
          }));
        } catch (err) {
          if (submitted) {
            // Sent but not yet tracked: the hash is kept and handed over again on the next opening.
            set({
              stage: 'done',
              executionError: i18n.t('popup.execution.sentUntracked', [userMessage(err)]),
            });
          } else fail(userMessage(err));
        } finally {
          set({ ratePrompt: undefined });
          answerRate = undefined;
        }
      },
      answerRatePrompt(accept) {
        answerRate?.(accept);
        answerRate = undefined;
        set({ ratePrompt: undefined });
      },
      stopWaiting() {
        const { stage } = get();
        if (!WALLET_STAGES.has(stage)) return;
        // The wallet may still show the request. A transfer confirmed there anyway is reported by the relay and
        // tracked (expectTransfer); confirming it and also trying again would send twice.
        const message =
          stage === 'signing' ? i18n.t('popup.execution.stoppedSigning') : i18n.t('popup.execution.stopped');
        handle.tab?.stopWaiting(() => new WalletStoppedError(message));
      },
      resetExecution() {
        set({ stage: 'idle', executionError: undefined, submittedHash: undefined, valueLossAcknowledged: false });
        get().requestRoutes({ immediate: true });
      },
    };
  };
