import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ExecutionStart } from '../../model/execution';
import { ACCOUNT, CHAINS, fakeSteps, fakeTabWallet, makeRoute } from '../../popup/testing/fixtures';
import { executionsItem } from '../../storage/executions';
import { WalletUnavailableError } from '../../wallet/errors';
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

function setup(wallet = fakeTabWallet({ allowance: 10_000_000n }), openTabWallet = async () => wallet.tab) {
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
});
