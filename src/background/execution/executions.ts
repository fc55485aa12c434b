import { i18n } from '#i18n';
import { BaseError } from '../../errors/base';
import { userMessage } from '../../errors/userMessage';
import { statusLabel, substatusText } from '../../format/status';
import type { ExecutionRecord, ExecutionStart, StoredChoice } from '../../model/execution';
import type { Chain } from '../../schemas/catalog';
import { type TransfersByHash, transferKey } from '../../storage/transfers';
import { sameAddress, type TransferChoice } from '../../wallet/choice';
import { TransactionGuardError, WalletStoppedError, WalletUnavailableError } from '../../wallet/errors';
import { type ExecuteDeps, executeTransfer } from '../../wallet/executeTransfer';
import type { WalletInfo } from '../../wallet/pageChannelSchemas';
import { planStep, stepsOf } from '../../wallet/routeSteps';
import { WalletSession } from '../../wallet/session';
import type { TabWallet } from '../../wallet/tabWallet';
import type { ExecutionStore } from './executionStore';

export type ExecutionDeps = {
  store: ExecutionStore;
  now(): number;
  /** Connects to the tab's wallets the way the popup does (relay content script + page script). */
  openTabWallet(tabId: number): Promise<TabWallet>;
  chain(chainId: number): Promise<Chain | undefined>;
  steps: Required<ExecuteDeps>;
  /** Keeps the worker awake while an execution waits for the wallet; call the result to let it sleep again. */
  keepAlive(): () => void;
  /** Tells the person something waits for them (a notification), when no popup shows it. */
  needsPerson?(record: ExecutionRecord): Promise<void>;
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
   * After the tracked transfers changed: a step before the last that has arrived makes the next one wait for the
   * person's signature (with what arrived); one that ended otherwise stops the execution, saying how.
   */
  followTransfers(transfers: TransfersByHash): Promise<void>;
  /** At worker start: executions this worker does not run were cut off by the worker stopping. */
  recover(): Promise<void>;
};

export class ExecutionStateError extends BaseError {
  override name = 'ExecutionStateError';
}

export const toChoice = (stored: StoredChoice): TransferChoice => ({
  ...stored,
  fromAmount: BigInt(stored.fromAmount),
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

type Live = { tab?: TabWallet; answerRate?: (accept: boolean) => void; stage?: ExecutionRecord['stage'] };

export function createExecutions(deps: ExecutionDeps): Executions {
  const running = new Map<string, Live>();
  const execute = deps.execute ?? executeTransfer;

  /** The record of an execution that stopped at `stage`, saying why; Continue starts it again from there. */
  const stop = (
    current: ExecutionRecord,
    phase: 'interrupted' | 'failed',
    error: string,
    stage: ExecutionRecord['stage'],
  ): ExecutionRecord => ({
    ...current,
    phase,
    stoppedAt: stage,
    stage: undefined,
    ratePrompt: undefined,
    error,
    updatedAt: deps.now(),
  });

  const patch = (id: string, changes: Partial<ExecutionRecord>) =>
    deps.store.update(id, (current) => (current ? { ...current, ...changes, updatedAt: deps.now() } : undefined));

  async function run(record: ExecutionRecord): Promise<void> {
    const { id } = record;
    const live: Live = {};
    running.set(id, live);
    const release = deps.keepAlive();
    try {
      const index = record.step ?? 0;
      const count = stepsOf(record.route).length;
      const planned = planStep(
        record.route,
        index,
        { ...toChoice(record.choice), fromAddress: record.account, toAddress: record.recipient },
        record.arrived === undefined ? undefined : BigInt(record.arrived),
      );
      if (!planned.ok)
        throw new TransactionGuardError('ROUTE_MISMATCH', i18n.t('wallet.routeDiffers', [planned.reason]));
      const last = index === count - 1;
      const fromChain = await deps.chain(planned.choice.fromChainId);
      if (!fromChain)
        throw new ExecutionStateError(i18n.t('execution.unknownChain', [String(planned.choice.fromChainId)]));
      const tab = await deps.openTabWallet(record.tabId);
      live.tab = tab;
      const wallet = pickWallet(tab.wallets, record.wallet);
      if (!wallet) throw new WalletUnavailableError(i18n.t('execution.walletGone', [record.wallet.name]));
      const session = new WalletSession(tab, wallet.id);
      // eth_accounts: the wallet is not asked to connect again, it only says whether the account is still shared.
      const account = await session.account();
      if (!account) throw new WalletUnavailableError(i18n.t('execution.notConnected', [wallet.name]));
      if (!sameAddress(account, record.account)) throw new WalletUnavailableError(i18n.t('wallet.accountChanged'));
      await execute(
        {
          session,
          choice: count === 1 ? toChoice(record.choice) : planned.choice,
          route: planned.route,
          fromChain,
          account: record.account,
          // The step's own receiver: the person's account for a step before the last, who signs the next one.
          recipient: planned.choice.toAddress ?? record.account,
          allowUnlimited: record.allowUnlimited,
          onStage: (stage) => {
            live.stage = stage;
            void patch(id, { stage });
          },
          confirmNewRate: (previousMin, newMin) =>
            new Promise<boolean>((resolve) => {
              live.answerRate = resolve;
              void patch(id, {
                phase: 'needsRate',
                ratePrompt: { previousMin: previousMin.toString(), newMin: newMin.toString() },
              }).then((waiting) => waiting && deps.needsPerson?.(waiting));
            }),
          onSubmitted: (hash) =>
            void patch(id, {
              // Before the last step, the funds travel on; the next step waits for them (followTransfers).
              phase: last ? 'sent' : 'bridging',
              stage: 'submitted',
              txHash: hash,
              stepHashes: [...(record.stepHashes ?? []), hash],
              ratePrompt: undefined,
            }),
        },
        deps.steps,
      );
    } catch (err) {
      // The tab, its wallet or its account went away: nobody decided anything, the person continues when back.
      const interrupted = err instanceof WalletUnavailableError;
      const stopped = await deps.store.update(id, (current) =>
        !current || current.phase === 'sent' || current.phase === 'bridging'
          ? current
          : stop(current, interrupted ? 'interrupted' : 'failed', userMessage(err), live.stage ?? current.stage),
      );
      if (stopped?.phase === 'interrupted') await deps.needsPerson?.(stopped);
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
      const record: ExecutionRecord = { ...input, id: randomId(), createdAt: now, updatedAt: now, phase: 'running' };
      // Persisted before the wallet is asked anything.
      await deps.store.update(record.id, () => record);
      void run(record);
      return record;
    },
    async resume(id, tabId) {
      if (running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      const current = await deps.store.get(id);
      if (!current) throw new ExecutionStateError(i18n.t('execution.unknown'));
      if (current.phase !== 'failed' && current.phase !== 'interrupted' && current.phase !== 'needsSignature') {
        throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      }
      const record = (await patch(id, {
        ...(tabId === undefined ? {} : { tabId }),
        phase: 'running',
        stage: undefined,
        stoppedAt: undefined,
        error: undefined,
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
    async followTransfers(transfers) {
      for (const record of Object.values(await deps.store.all())) {
        if (record.phase !== 'bridging' || !record.txHash) continue;
        const transfer = transfers[transferKey(record.txHash)];
        if (!transfer?.final) continue;
        const arrived = transfer.receiving?.amount;
        const complete =
          transfer.status === 'DONE' &&
          (transfer.substatus === undefined || transfer.substatus === 'COMPLETED') &&
          arrived !== undefined &&
          /^[1-9][0-9]*$/.test(arrived);
        const next = (record.step ?? 0) + 1;
        const updated = await deps.store.update(record.id, (current) => {
          if (current?.phase !== 'bridging' || current.txHash !== record.txHash) return current;
          return complete
            ? {
                ...current,
                phase: 'needsSignature',
                step: next,
                arrived,
                stage: undefined,
                txHash: undefined,
                updatedAt: deps.now(),
              }
            : stop(
                current,
                'failed',
                // Human step numbers: the one that did not start is the next one, counted from 1.
                i18n.t('execution.stepEnded', [
                  String(next + 1),
                  transfer.substatus
                    ? `${statusLabel(transfer.status)}, ${substatusText(transfer.substatus, transfer.substatusMessage)}`
                    : statusLabel(transfer.status),
                ]),
                'submitted',
              );
        });
        if (updated && updated.phase !== 'bridging') await deps.needsPerson?.(updated);
      }
    },
    async dismiss(id) {
      if (running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
      await deps.store.update(id, () => undefined);
    },
    async recover() {
      for (const record of Object.values(await deps.store.all())) {
        if ((record.phase !== 'running' && record.phase !== 'needsRate') || running.has(record.id)) continue;
        const stopped = await deps.store.update(record.id, (current) =>
          current && (current.phase === 'running' || current.phase === 'needsRate')
            ? stop(current, 'interrupted', i18n.t('execution.workerStopped'), current.stage)
            : current,
        );
        if (stopped) await deps.needsPerson?.(stopped);
      }
    },
  };
}
