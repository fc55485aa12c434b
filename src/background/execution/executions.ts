import { i18n } from '#i18n';
import { sameAddress } from '../../checks/choice';
import { TransactionGuardError } from '../../checks/errors';
import { BaseError } from '../../errors/base';
import { userMessage } from '../../errors/userMessage';
import { formatAmount } from '../../format/amount';
import type { TransferChoice } from '../../model/choice';
import type {
  Execution,
  ExecutionRecord,
  ExecutionStage,
  ExecutionStart,
  ExpectedTransfer,
  SendOwner,
  SentTransfer,
  StoredChoice,
  TransferInput,
} from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import { checkStepGas, type DestinationGasDeps } from '../../signing/destinationGas';
import { type ExecuteDeps, executeTransfer } from '../../signing/executeTransfer';
import { planStep, stepsOf } from '../../signing/routeSteps';
import { WalletStoppedError, WalletUnavailableError } from '../../wallet/errors';
import type { WalletInfo } from '../../wallet/pageChannelSchemas';
import { WalletSession } from '../../wallet/session';
import type { TabWallet } from '../../wallet/tabWallet';
import { findSend } from '../transfers/records';
import { newSentTransfer } from '../transfers/transferStatus';
import type { TransferStore } from '../transfers/transferStore';
import { followStep, stopped } from './followStep';

/**
 * What the signing flow reaches outside itself (src/signing/executeTransfer.ts), with the tracker's two told which
 * record and step each transaction belongs to.
 */
export type ExecutionSteps = Omit<Required<ExecuteDeps>, 'trackTransfer' | 'expectTransfer'> & {
  /** Records the sent transaction in the owner's record, or one of its own (once per hash), and starts tracking it. */
  trackTransfer(data: TransferInput, owner?: SendOwner): Promise<SentTransfer>;
  /** Registers the transaction about to be sent, for the relay to report if the worker misses the wallet's answer. */
  expectTransfer(data: {
    watchId: string;
    tabId: number;
    transfer: ExpectedTransfer;
    owner?: SendOwner;
  }): Promise<void>;
};

export type ExecutionDeps = {
  store: TransferStore;
  now(): number;
  /** Connects to the tab's wallets the way the popup does (relay content script + page script). */
  openTabWallet(tabId: number): Promise<TabWallet>;
  chain(chainId: number): Promise<Chain | undefined>;
  steps: ExecutionSteps;
  /** Keeps the worker awake while an execution waits for the wallet; call the result to let it sleep again. */
  keepAlive(): () => void;
  /** Tells the person something waits for them (a notification), when no popup shows it. */
  needsPerson?(record: ExecutionRecord): Promise<void>;
  /**
   * The account's native balance and the gas price through the chain's trusted RPC, read before a later step is
   * signed: a step its gas cannot pay for is refused in words instead of asking the wallet.
   */
  readGasFunds?: DestinationGasDeps['readGasFunds'];
  /** The signing flow (tests pass one that records its input). */
  execute?: typeof executeTransfer;
};

/** Carries out confirmed transfers in the background, so closing the popup at a wallet prompt stops nothing. */
export type Executions = {
  /** Persists the execution, then starts it without waiting for it; resolves to the stored record. */
  start(input: ExecutionStart): Promise<ExecutionRecord>;
  /**
   * Runs a failed or interrupted execution again from the top (allowances are read again: nothing twice), through
   * `tabId`'s wallet when given: the tab it started in may be gone (closed, or a browser restart), and the person
   * continues from the popup of the tab they have their wallet in now.
   */
  resume(id: string, tabId?: number): Promise<ExecutionRecord>;
  /** The person's answer to a worse rate. */
  answerRate(id: string, accept: boolean): Promise<void>;
  /** Stops waiting for the wallet's answer; the execution fails, and can be continued. */
  stopWaiting(id: string): Promise<void>;
  /** Forgets an execution that is not running. */
  dismiss(id: string): Promise<void>;
  /**
   * At worker start: executions this worker does not run were cut off by the worker stopping; a step that reached
   * its outcome while no worker ran (stored by an older version) moves its execution on.
   */
  recover(): Promise<void>;
};

export class ExecutionStateError extends BaseError {
  override name = 'ExecutionStateError';
}

export const toChoice = ({ fromAmountForGas, ...stored }: StoredChoice): TransferChoice => ({
  ...stored,
  fromAmount: BigInt(stored.fromAmount),
  ...(fromAmountForGas !== undefined ? { fromAmountForGas: BigInt(fromAmountForGas) } : {}),
});

/** The wallet the person connected in the popup, among the tab's: by EIP-6963 rdns, else by name. */
export function pickWallet(wallets: readonly WalletInfo[], wanted: ExecutionStart['wallet']): WalletInfo | undefined {
  if (wanted.rdns) return wallets.find((w) => w.rdns === wanted.rdns);
  return wallets.find((w) => w.name === wanted.name);
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Live = {
  tab?: TabWallet;
  answerRate?: (accept: boolean) => void;
  stage?: Execution['stage'];
  /** The stages this run went through, in order (stored as `passed`). */
  passed?: ExecutionStage[];
};

export function createExecutions(deps: ExecutionDeps): Executions {
  const running = new Map<string, Live>();
  const execute = deps.execute ?? executeTransfer;

  /** Applies `fn` to the execution of record `id` (a record without one, or gone, is left as it is). */
  const updateExecution = (id: string, fn: (current: Execution, record: ExecutionRecord) => Execution) =>
    deps.store.update(id, (record) => {
      if (!record?.execution) return record;
      const next = fn(record.execution, record as ExecutionRecord);
      return next === record.execution ? record : { ...record, execution: next, updatedAt: deps.now() };
    }) as Promise<ExecutionRecord | undefined>;

  const patch = (id: string, changes: Partial<Execution>) =>
    updateExecution(id, (current) => ({ ...current, ...changes }));

  async function run(record: ExecutionRecord): Promise<void> {
    const { id, execution } = record;
    const live: Live = {};
    running.set(id, live);
    const release = deps.keepAlive();
    try {
      const index = execution.step ?? 0;
      const owner: SendOwner = { executionId: id, step: index };
      const count = stepsOf(execution.route).length;
      const planned = planStep(
        execution.route,
        index,
        { ...toChoice(execution.choice), fromAddress: execution.account, toAddress: execution.recipient },
        execution.arrived === undefined ? undefined : BigInt(execution.arrived),
      );
      if (!planned.ok)
        throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [planned.reason]));
      const last = index === count - 1;
      const fromChain = await deps.chain(planned.choice.fromChainId);
      if (!fromChain)
        throw new ExecutionStateError(i18n.t('execution.unknownChain', [String(planned.choice.fromChainId)]));
      if (index > 0 && deps.readGasFunds) {
        // Gas for a step after the first (gas on arrival included) is believed once the chain shows it.
        const gas = await checkStepGas(planned.route, execution.account, { readGasFunds: deps.readGasFunds });
        if (gas && !gas.enough) {
          const coin = (wei: bigint) =>
            `${formatAmount(wei, fromChain.nativeToken.decimals)} ${fromChain.nativeToken.symbol}`;
          throw new ExecutionStateError(
            i18n.t('execution.noGasForStep', [String(index + 1), fromChain.name, coin(gas.needed), coin(gas.balance)]),
          );
        }
      }
      const tab = await deps.openTabWallet(execution.tabId);
      live.tab = tab;
      const wallet = pickWallet(tab.wallets, execution.wallet);
      if (!wallet) throw new WalletUnavailableError(i18n.t('execution.walletGone', [execution.wallet.name]));
      const session = new WalletSession(tab, wallet.id);
      // eth_accounts: the wallet is not asked to connect again, it only says whether the account is still shared.
      const account = await session.account();
      if (!account) throw new WalletUnavailableError(i18n.t('execution.notConnected', [wallet.name]));
      if (!sameAddress(account, execution.account)) throw new WalletUnavailableError(i18n.t('wallet.accountChanged'));
      await execute(
        {
          session,
          choice: count === 1 ? toChoice(execution.choice) : planned.choice,
          route: planned.route,
          fromChain,
          account: execution.account,
          // The step's own receiver: the person's account for a step before the last, who signs the next one.
          recipient: planned.choice.toAddress ?? execution.account,
          allowUnlimited: execution.allowUnlimited,
          onStage: (stage) => {
            live.stage = stage;
            live.passed = [...(live.passed ?? []), stage];
            void patch(id, { stage, passed: live.passed });
          },
          onNotice: (notice) => void patch(id, { notice }),
          confirmNewRate: (previousMin, newMin) =>
            new Promise<boolean>((resolve) => {
              live.answerRate = resolve;
              void patch(id, {
                phase: 'needsRate',
                ratePrompt: { previousMin: previousMin.toString(), newMin: newMin.toString() },
              }).then((waiting) => waiting && deps.needsPerson?.(waiting));
            }),
          onSubmitted: (hash, input) =>
            void deps.store.update(id, (current, all) => {
              if (!current?.execution) return current;
              const now = deps.now();
              // The hash is written here, once; the tracker finds it and the relay's report of it changes nothing.
              // A hash some other record already holds is refused by the tracker (ReusedHashError).
              const known = findSend(all, hash);
              return {
                ...current,
                updatedAt: now,
                execution: {
                  ...current.execution,
                  // Before the last step, the funds travel on; the next step waits for them (followStep.ts).
                  phase: last ? 'sent' : 'bridging',
                  stage: 'submitted',
                  ratePrompt: undefined,
                },
                sends: known
                  ? current.sends
                  : [
                      ...current.sends,
                      // Due at once: the tracker reads the sent transaction right after.
                      { ...newSentTransfer({ ...input, txHash: hash }, now), step: index, nextCheckAt: now },
                    ],
              };
            }),
        },
        {
          ...deps.steps,
          trackTransfer: (input) => deps.steps.trackTransfer(input, owner),
          expectTransfer: (data) => deps.steps.expectTransfer({ ...data, owner }),
        },
      );
    } catch (err) {
      // The tab, its wallet or its account went away: nobody decided anything, the person continues when back.
      const interrupted = err instanceof WalletUnavailableError;
      const after = await updateExecution(id, (current) =>
        current.phase === 'sent' || current.phase === 'bridging'
          ? current
          : stopped(current, interrupted ? 'interrupted' : 'failed', userMessage(err), live.stage ?? current.stage),
      );
      if (after?.execution.phase === 'interrupted') await deps.needsPerson?.(after);
    } finally {
      live.tab?.close();
      running.delete(id);
      release();
    }
  }

  const openFor = (id: string) => {
    const live = running.get(id);
    if (!live) throw new ExecutionStateError(i18n.t('execution.notRunning'));
    return live;
  };

  return {
    async start(input) {
      const now = deps.now();
      const id = randomId();
      const record: ExecutionRecord = {
        id,
        createdAt: now,
        updatedAt: now,
        execution: { ...input, phase: 'running' },
        sends: [],
      };
      // Persisted before the wallet is asked anything.
      await deps.store.update(id, () => record);
      void run(record);
      return record;
    },
    async resume(id, tabId) {
      if (running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      const current = (await deps.store.get(id))?.execution;
      if (!current) throw new ExecutionStateError(i18n.t('execution.unknown'));
      if (current.phase !== 'failed' && current.phase !== 'interrupted' && current.phase !== 'needsSignature') {
        throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      }
      const record = (await patch(id, {
        ...(tabId === undefined ? {} : { tabId }),
        phase: 'running',
        stage: undefined,
        passed: undefined,
        stoppedAt: undefined,
        error: undefined,
        errorWords: undefined,
      }))!;
      void run(record);
      return record;
    },
    async answerRate(id, accept) {
      const live = openFor(id);
      const answer = live.answerRate;
      if (!answer) throw new ExecutionStateError(i18n.t('execution.notRunning'));
      live.answerRate = undefined;
      await patch(id, { phase: 'running', ratePrompt: undefined });
      answer(accept);
    },
    async stopWaiting(id) {
      const live = openFor(id);
      const message =
        live.stage === 'signing' ? i18n.t('popup.execution.stoppedSigning') : i18n.t('popup.execution.stopped');
      live.tab?.stopWaiting(() => new WalletStoppedError(message));
    },
    async dismiss(id) {
      if (running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      // The execution is forgotten; what it sent stays in Activity.
      await deps.store.update(id, (current) => {
        if (!current?.execution) return current;
        if (current.sends.length === 0) return undefined;
        const { execution: _dismissed, ...rest } = current;
        return { ...rest, updatedAt: deps.now() };
      });
    },
    async recover() {
      for (const record of Object.values(await deps.store.all())) {
        const phase = record.execution?.phase;
        if (phase === 'bridging') {
          // Told to the person as any step's outcome is: by the store's change listener (followStep.ts, steppedOn).
          await deps.store.update(record.id, (current) => (current ? followStep(current, deps.now()) : current));
          continue;
        }
        if ((phase !== 'running' && phase !== 'needsRate') || running.has(record.id)) continue;
        const after = await updateExecution(record.id, (current) =>
          current.phase === 'running' || current.phase === 'needsRate'
            ? stopped(current, 'interrupted', i18n.t('execution.workerStopped'), current.stage)
            : current,
        );
        if (after?.execution.phase === 'interrupted') await deps.needsPerson?.(after);
      }
    },
  };
}
