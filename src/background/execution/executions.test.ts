import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ACCOUNT,
  CHAINS,
  DAI_10,
  fakeSteps,
  fakeTabWallet,
  makeRoute,
  OTHER,
  twoStepRoute,
  USDC_10,
} from '../../../testing/popup/fixtures';
import type { ExecutionStart } from '../../model/execution';
import type { TransferInput, TransferRecord } from '../../model/transfer';
import type { Route } from '../../schemas/route';
import { executionsItem } from '../../storage/executions';
import type { TransferChoice } from '../../wallet/choice';
import { WalletUnavailableError } from '../../wallet/errors';
import type { ExecuteInput, executeTransfer } from '../../wallet/executeTransfer';
import { createExecutionStore } from './executionStore';
import { createExecutions, pickWallet } from './executions';

beforeEach(() => fakeBrowser.reset());

function startInput(over: Partial<ExecutionStart> = {}): ExecutionStart {
  const route = makeRoute();
  return {
    tabId: 7,
    wallet: { rdns: 'dev.bridge-companion.wallet', name: 'Dev Wallet' },
    account: ACCOUNT,
    recipient: ACCOUNT,
    choice: {
      fromChainId: 1,
      toChainId: 10,
      fromToken: route.action!.fromToken.address as `0x${string}`,
      toToken: route.action!.toToken.address as `0x${string}`,
      fromAmount: route.action!.fromAmount,
      fromAddress: ACCOUNT,
      slippage: 0.005,
    },
    route,
    allowUnlimited: false,
    ...over,
  };
}

function setup(
  wallet = fakeTabWallet({ allowance: 10_000_000n }),
  openTabWallet = async () => wallet.tab,
  /** A signing flow that records its input instead of asking the wallet. */
  execute?: (input: ExecuteInput) => Promise<TransferRecord>,
) {
  const needsPerson = vi.fn(async () => {});
  const awake = { claims: 0 };
  const executions = createExecutions({
    store: createExecutionStore(),
    now: Date.now,
    openTabWallet,
    chain: async (id) => CHAINS.find((c) => c.id === id),
    steps: fakeSteps(),
    keepAlive: () => {
      awake.claims++;
      return () => awake.claims--;
    },
    needsPerson,
    ...(execute ? { execute: execute as unknown as typeof executeTransfer } : {}),
  });
  const stored = async () => Object.values(await executionsItem.getValue());
  return { executions, wallet, needsPerson, awake, stored };
}

describe('background executions', () => {
  it('stores the execution before the wallet is asked anything, keeps the worker awake, and records the hash', async () => {
    const { executions, wallet, awake, stored } = setup();
    const record = await executions.start(startInput());
    expect(record.phase).toBe('running');
    expect(await stored()).toMatchObject([{ id: record.id, phase: 'running' }]);
    await vi.waitFor(async () => expect((await stored())[0]?.phase).toBe('sent'));
    expect(wallet.state.sent).toHaveLength(1);
    expect((await stored())[0]?.txHash).toBe(`0x${'1'.padStart(64, '0')}`);
    await vi.waitFor(() => expect(awake.claims).toBe(0));
  });

  it('is interrupted, not failed, when the tab or its wallet is gone; the person is told', async () => {
    const { executions, needsPerson, stored } = setup(undefined, async () => {
      throw new WalletUnavailableError('The page with your wallet was closed or reloaded.');
    });
    await executions.start(startInput());
    await vi.waitFor(async () => expect((await stored())[0]?.phase).toBe('interrupted'));
    expect((await stored())[0]?.error).toBe('The page with your wallet was closed or reloaded.');
    expect(needsPerson).toHaveBeenCalledOnce();
  });

  it('refuses to sign with another account than the one confirmed (no accounts prompt)', async () => {
    const wallet = fakeTabWallet({ forgotSite: true });
    const { executions, stored } = setup(wallet);
    await executions.start(startInput());
    await vi.waitFor(async () => expect((await stored())[0]?.phase).toBe('interrupted'));
    expect((await stored())[0]?.error).toBe(
      'Dev Wallet does not share an account with this site any more. Connect it in the popup, then continue.',
    );
    expect(wallet.state.methods).not.toContain('eth_requestAccounts');
    expect(wallet.state.sent).toHaveLength(0);
  });

  it('marks executions a stopped worker left running as interrupted, and can continue them once', async () => {
    const first = setup();
    // A previous worker stored this one and then stopped in the middle.
    const input = startInput();
    await executionsItem.setValue({
      ['a'.repeat(32)]: {
        ...input,
        id: 'a'.repeat(32),
        createdAt: 1,
        updatedAt: 1,
        phase: 'running',
        stage: 'signing',
      },
    });
    await first.executions.recover();
    expect(await first.stored()).toMatchObject([{ phase: 'interrupted', stoppedAt: 'signing' }]);
    expect(first.needsPerson).toHaveBeenCalledOnce();
    await first.executions.resume('a'.repeat(32));
    await expect(first.executions.resume('a'.repeat(32))).rejects.toThrow(/already under way/);
    await vi.waitFor(async () => expect((await first.stored())[0]?.phase).toBe('sent'));
    await expect(first.executions.resume('a'.repeat(32))).rejects.toThrow(/already under way or sent/);
    expect(first.wallet.state.sent).toHaveLength(1);
  });

  it('picks the wallet the person connected: by rdns, else by name, never another', () => {
    const wallets = [
      { id: 'a', name: 'Rabby', rdns: 'io.rabby' },
      { id: 'b', name: 'MetaMask', rdns: 'io.metamask' },
      { id: 'window.ethereum', name: 'Browser wallet' },
    ];
    expect(pickWallet(wallets, { rdns: 'io.metamask', name: 'MetaMask' })?.id).toBe('b');
    expect(pickWallet(wallets, { rdns: 'io.other', name: 'MetaMask' })).toBeUndefined();
    expect(pickWallet(wallets, { name: 'Browser wallet' })?.id).toBe('window.ethereum');
  });

  it('runs a two-step route: the first step, its arrival, then the second with what arrived, to the recipient', async () => {
    const calls: { route: Route; choice: TransferChoice; recipient: string }[] = [];
    let sent = 0;
    const execute = vi.fn(async (input: ExecuteInput) => {
      calls.push({ route: input.route, choice: input.choice, recipient: input.recipient });
      const hash = `0x${String(++sent).padStart(64, '0')}` as `0x${string}`;
      input.onSubmitted(hash, {} as TransferInput);
      return { txHash: hash } as TransferRecord;
    });
    const { executions, needsPerson, stored: all } = setup(undefined, undefined, execute);
    const stored = async () => (await all())[0]!;
    const route = twoStepRoute();
    const input = startInput({
      route,
      recipient: OTHER,
      choice: { ...startInput().choice, toToken: DAI_10, toAddress: OTHER },
    });
    const { id } = await executions.start(input);
    await vi.waitFor(async () => expect((await stored()).phase).toBe('bridging'));
    expect(calls[0]!.choice).toMatchObject({
      toChainId: 10,
      toToken: USDC_10,
      fromAmount: 1_500_000n,
      toAddress: ACCOUNT,
    });
    // The transaction of a step before the last pays the person's own account, who signs the next one.
    expect(calls[0]!.recipient).toBe(ACCOUNT);
    const firstHash = (await stored()).txHash!;

    // The first step's transfer is still on its way: nothing changes.
    await executions.followTransfers({ [firstHash]: { final: false, status: 'PENDING' } as TransferRecord });
    expect((await stored()).phase).toBe('bridging');
    await executions.followTransfers({
      [firstHash]: {
        final: true,
        status: 'DONE',
        substatus: 'COMPLETED',
        receiving: { amount: '1495000' },
      } as TransferRecord,
    });
    expect(await stored()).toMatchObject({ phase: 'needsSignature', step: 1, arrived: '1495000' });
    expect(needsPerson).toHaveBeenCalledWith(expect.objectContaining({ phase: 'needsSignature' }));

    await executions.resume(id);
    await vi.waitFor(async () => expect((await stored()).phase).toBe('sent'));
    expect(calls[1]!.choice).toMatchObject({
      fromChainId: 10,
      fromToken: USDC_10,
      toToken: DAI_10,
      fromAmount: 1_495_000n,
      toAddress: OTHER,
    });
    expect(calls[1]!.route.action?.fromAmount).toBe('1495000');
    expect(calls[1]!.recipient).toBe(OTHER);
    expect((await stored()).stepHashes).toEqual([firstHash, `0x${'2'.padStart(64, '0')}`]);
  });

  it('stops a two-step route whose first step did not arrive as planned, saying how it ended', async () => {
    const execute = vi.fn(async (input: ExecuteInput) => {
      input.onSubmitted(`0x${'1'.padStart(64, '0')}`, {} as TransferInput);
      return {} as TransferRecord;
    });
    const { executions } = setup(undefined, undefined, execute);
    await executions.start(startInput({ route: twoStepRoute(), choice: { ...startInput().choice, toToken: DAI_10 } }));
    const stored = async () => Object.values(await executionsItem.getValue())[0]!;
    await vi.waitFor(async () => expect((await stored()).phase).toBe('bridging'));
    await executions.followTransfers({
      [`0x${'1'.padStart(64, '0')}`]: { final: true, status: 'DONE', substatus: 'REFUNDED' } as TransferRecord,
    });
    expect(await stored()).toMatchObject({ phase: 'failed', error: expect.stringMatching(/^Step 2 was not started/) });
  });
});
