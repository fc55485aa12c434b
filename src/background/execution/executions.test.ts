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
import { toWire } from '../../messaging/wire';
import type { TransferChoice } from '../../model/choice';
import type { ExecutionRecord, ExecutionStart, SentTransfer, TransferInput } from '../../model/transfer';
import type { Route } from '../../schemas/route';
import type { ExecuteInput, executeTransfer } from '../../signing/executeTransfer';
import { transfersItem } from '../../storage/transfers';
import { WalletUnavailableError } from '../../wallet/errors';
import { createTransferStore } from '../transfers/transferStore';
import { createExecutions, type ExecutionDeps, pickWallet } from './executions';
import { followStep, steppedOn } from './followStep';

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
      fromAmount: BigInt(route.action!.fromAmount),
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
  execute?: (input: ExecuteInput) => Promise<SentTransfer>,
  readGasFunds?: ExecutionDeps['readGasFunds'],
) {
  const needsPerson = vi.fn(async (_record: ExecutionRecord) => {});
  const awake = { claims: 0 };
  // Wired as startBackground wires it: a step's outcome moves its execution on in the same write.
  const store = createTransferStore({
    afterSend: (record) => followStep(record, Date.now()),
    onChange: async (_all, before, after) => {
      if (steppedOn(before, after)) await needsPerson(after as ExecutionRecord);
    },
  });
  const executions = createExecutions({
    store,
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
    ...(readGasFunds ? { readGasFunds } : {}),
  });
  /** The stored executions, with the hashes their records hold. */
  const stored = async () =>
    Object.values(await transfersItem.getValue()).map((r) => ({
      ...r.execution,
      id: r.id,
      hashes: r.sends.map((send) => send.txHash),
    }));
  return { executions, wallet, needsPerson, awake, stored, store };
}

describe('background executions', () => {
  it('stores the execution before the wallet is asked anything, keeps the worker awake, and records the hash', async () => {
    const { executions, wallet, awake, stored } = setup();
    const record = await executions.start(startInput());
    expect(record.execution.phase).toBe('running');
    expect(await stored()).toMatchObject([{ id: record.id, phase: 'running' }]);
    await vi.waitFor(async () => expect((await stored())[0]?.phase).toBe('sent'));
    expect(wallet.state.sent).toHaveLength(1);
    // Written once, in the execution's own record.
    expect((await stored())[0]?.hashes).toEqual([`0x${'1'.padStart(64, '0')}`]);
    expect(Object.keys(await transfersItem.getValue())).toEqual([record.id]);
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
    await transfersItem.setValue(
      toWire({
        ['a'.repeat(32)]: {
          id: 'a'.repeat(32),
          createdAt: 1,
          updatedAt: 1,
          execution: { ...input, phase: 'running', stage: 'signing' },
          sends: [],
        },
      }),
    );
    await first.executions.recover();
    expect(await first.stored()).toMatchObject([{ phase: 'interrupted', stoppedAt: 'signing' }]);
    expect(first.needsPerson).toHaveBeenCalledOnce();
    await first.executions.resume('a'.repeat(32));
    await expect(first.executions.resume('a'.repeat(32))).rejects.toThrow(/already under way/);
    await vi.waitFor(async () => expect((await first.stored())[0]?.phase).toBe('sent'));
    await expect(first.executions.resume('a'.repeat(32))).rejects.toThrow(/already under way or sent/);
    expect(first.wallet.state.sent).toHaveLength(1);
  });

  it.each([
    ['confirmed on chain', { state: 'confirmed', amount: '1495000', rpcHost: 'rpc' }, 'needsSignature'],
    ['taken on the service’s word (an older version)', undefined, 'failed'],
  ] as const)('at start, moves on a step that arrived while no worker ran only if %s', async (_, arrival, phase) => {
    const { executions, needsPerson, stored } = setup();
    const route = twoStepRoute();
    const hash = `0x${'9'.padStart(64, '0')}` as const;
    await transfersItem.setValue(
      toWire({
        ['f'.repeat(32)]: {
          id: 'f'.repeat(32),
          createdAt: 1,
          updatedAt: 1,
          execution: { ...startInput({ route }), phase: 'bridging', stage: 'submitted' },
          sends: [
            {
              txHash: hash,
              step: 0,
              final: true,
              status: 'DONE',
              substatus: 'COMPLETED',
              receiving: { amount: '14950000' },
              arrival,
            } as SentTransfer,
          ],
        },
      }),
    );
    await executions.recover();
    const after = (await stored())[0]!;
    expect(after.phase).toBe(phase);
    if (phase === 'needsSignature') expect(after).toMatchObject({ step: 1, arrived: '1495000' });
    else expect(after.error).toContain('its arrival could not be confirmed on chain');
    expect(needsPerson).toHaveBeenCalledOnce();
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
      input.onSubmitted(hash, { txHash: hash } as TransferInput);
      return { txHash: hash } as SentTransfer;
    });
    const { executions, needsPerson, stored: all, store } = setup(undefined, undefined, execute);
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
    const firstHash = (await stored()).hashes[0]!;

    // The first step's transfer is still on its way: nothing changes.
    await store.updateSend(firstHash, (send) => send && { ...send, status: 'PENDING' });
    expect((await stored()).phase).toBe('bridging');
    // The service reports arrival (ten times what came): nothing is offered while the chain is being read.
    await store.updateSend(
      firstHash,
      (send) =>
        send && {
          ...send,
          status: 'ARRIVING',
          substatus: 'COMPLETED',
          receiving: { amount: '14950000' },
          arrival: { state: 'confirming', attempts: 0 },
        },
    );
    expect((await stored()).phase).toBe('bridging');
    // The chain's read of the arrival moves the execution on in the same write, with the amount read there.
    await store.updateSend(
      firstHash,
      (send) =>
        send && {
          ...send,
          final: true,
          status: 'DONE',
          arrival: { state: 'confirmed', amount: '1495000', rpcHost: '127.0.0.1:8548' },
        },
    );
    expect(await stored()).toMatchObject({ phase: 'needsSignature', step: 1, arrived: '1495000' });
    expect(needsPerson).toHaveBeenCalledWith(
      expect.objectContaining({ execution: expect.objectContaining({ phase: 'needsSignature' }) }),
    );

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
    expect((await stored()).hashes).toEqual([firstHash, `0x${'2'.padStart(64, '0')}`]);
    expect((await transfersItem.getValue())[id]?.sends.map((send) => send.step)).toEqual([0, 1]);
  });

  it('reads the gas for step 2 on its chain before asking the wallet, and says so when there is too little', async () => {
    const execute = vi.fn(async (input: ExecuteInput) => {
      input.onSubmitted(`0x${'2'.padStart(64, '0')}`, { txHash: `0x${'2'.padStart(64, '0')}` } as TransferInput);
      return {} as SentTransfer;
    });
    // Step 2 (OP Mainnet) has no gas figure from the service: 500,000 units at 1 gwei, 0.0005 ETH.
    let balance = 400_000_000_000_000n;
    const readGasFunds = vi.fn(async (_chainId: number, _owner: `0x${string}`) => ({ balance, gasPrice: 10n ** 9n }));
    const { executions, stored: all, store } = setup(undefined, undefined, execute, readGasFunds);
    const input = startInput({ route: twoStepRoute(), choice: { ...startInput().choice, toToken: DAI_10 } });
    const now = Date.now();
    await store.update('waiting', () => ({
      id: 'waiting',
      createdAt: now,
      updatedAt: now,
      execution: { ...input, phase: 'needsSignature', step: 1, arrived: '1495000' },
      sends: [],
    }));
    const stored = async () => (await all())[0]!;
    await executions.resume('waiting');
    await vi.waitFor(async () => expect((await stored()).phase).toBe('failed'));
    expect(readGasFunds).toHaveBeenCalledWith(10, ACCOUNT);
    expect((await stored()).error).toBe(
      'Step 2 is signed on Optimism and needs about 0.0005 ETH for its gas there; your account holds 0.0004 ETH there, as Optimism shows it now. Your wallet was not asked. Add gas on Optimism, then continue.',
    );
    expect(execute).not.toHaveBeenCalled();

    // The gas arrived: the same step goes to the wallet.
    balance = 500_000_000_000_000n;
    await executions.resume('waiting');
    await vi.waitFor(async () => expect((await stored()).phase).toBe('sent'));
    expect(execute).toHaveBeenCalledOnce();
  });

  it('stops a two-step route whose first step did not arrive as planned, saying how it ended', async () => {
    const execute = vi.fn(async (input: ExecuteInput) => {
      input.onSubmitted(`0x${'1'.padStart(64, '0')}`, { txHash: `0x${'1'.padStart(64, '0')}` } as TransferInput);
      return {} as SentTransfer;
    });
    const { executions, stored: all, store } = setup(undefined, undefined, execute);
    await executions.start(startInput({ route: twoStepRoute(), choice: { ...startInput().choice, toToken: DAI_10 } }));
    const stored = async () => (await all())[0]!;
    await vi.waitFor(async () => expect((await stored()).phase).toBe('bridging'));
    await store.updateSend(
      `0x${'1'.padStart(64, '0')}`,
      (send) => send && { ...send, final: true, status: 'DONE', substatus: 'REFUNDED' },
    );
    expect(await stored()).toMatchObject({ phase: 'failed', error: expect.stringMatching(/^Step 2 was not started/) });
  });
});
