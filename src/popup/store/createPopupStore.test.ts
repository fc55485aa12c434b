import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ACCOUNT,
  CHAINS,
  fakeApi,
  fakeDeps,
  fakeSteps,
  fakeTabWallet,
  makeRoute,
  OTHER,
  stepFor,
  USDC_1,
  USDC_10,
  USDC_ETH,
  USDC_OP,
} from '../../../testing/popup/fixtures';
import { RemoteError } from '../../messaging/reply';
import type { Chain } from '../../schemas/catalog';
import type { Route } from '../../schemas/route';
import { WalletUnavailableError } from '../../wallet/errors';
import { createPopupStore } from './createPopupStore';
import { selectRoutesMatchForm } from './selectors';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

async function readyStore(deps = fakeDeps()) {
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  return { store, deps };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Executions are stored (fake browser storage): each test starts with none.
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('catalog and form', () => {
  it('defaults to the native coins of the first two chains', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    const s = store.getState();
    expect(s.fromChainId).toBe(1);
    expect(s.toChainId).toBe(10);
    expect(s.fromToken?.symbol).toBe('ETH');
    expect(s.catalogStatus).toBe('ready');
  });

  it('applies a prefill, resolving tokens by address', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    await store.getState().applyPrefill({
      fromChainId: 1,
      fromTokenAddress: USDC_1,
      toChainId: 10,
      toTokenAddress: USDC_10,
      amount: '2.5',
    });
    const s = store.getState();
    expect(s.fromToken?.symbol).toBe('USDC');
    expect(s.toToken?.address).toBe(USDC_10);
    expect(s.amountText).toBe('2.5');
  });

  it('takes a prefill amount by the form\'s rule: plain form, "1,500" dropped rather than guessed', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    await store.getState().applyPrefill({ fromChainId: 1, amount: '0,25' });
    expect(store.getState().amountText).toBe('0.25');
    await store.getState().applyPrefill({ fromChainId: 1, amount: '1,500' });
    expect(store.getState().amountText).toBe('0.25');
  });

  it("keeps the token's symbol when a chain changes, where that token is listed there; a coin stays the coin", async () => {
    const searchTokens = vi.fn(async ({ chainId }: { chainId?: number | string }) =>
      String(chainId) === '10' ? [USDC_OP] : [USDC_ETH],
    );
    const store = createPopupStore(fakeDeps({ api: fakeApi({ searchTokens }) }));
    await store.getState().loadCatalog();
    store.getState().setFromToken(USDC_ETH);
    store.getState().setFromChain(10);
    // The chain's coin at once, USDC there once the token list answers.
    expect(store.getState().fromToken?.symbol).toBe('ETH');
    await vi.waitFor(() => expect(store.getState().fromToken?.address).toBe(USDC_10));
    store.getState().setToToken(USDC_OP);
    store.getState().setToChain(1);
    await vi.waitFor(() => expect(store.getState().toToken?.address).toBe(USDC_1));
    // ETH is the coin on both: nothing to look up.
    searchTokens.mockClear();
    store.getState().setToChain(10);
    store.getState().setToToken({ ...USDC_OP, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH' });
    store.getState().setToChain(1);
    expect(searchTokens).not.toHaveBeenCalledWith(expect.objectContaining({ query: 'ETH' }));
  });

  it('forgets a recipient typed for another kind of chain when the destination changes kind', async () => {
    const solana = { ...CHAINS[1]!, id: 1151111081099710, key: 'sol', name: 'Solana', chainType: 'SOLANA' } as Chain;
    const store = createPopupStore(fakeDeps({ api: fakeApi({ getChains: vi.fn(async () => [...CHAINS, solana]) }) }));
    await store.getState().loadCatalog();
    store.getState().setToChain(solana.id);
    store.getState().setRecipientText('7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q');
    store.getState().setToChain(1);
    expect(store.getState().recipientText).toBe('');
    // Between two EVM chains the address still names the same person.
    store.getState().setRecipientText(OTHER);
    store.getState().setToChain(10);
    expect(store.getState().recipientText).toBe(OTHER);
  });

  it('flips direction', async () => {
    const { store } = await readyStore();
    store.getState().flip();
    expect(store.getState().fromChainId).toBe(10);
    expect(store.getState().fromToken?.address).toBe(USDC_10);
  });
});

describe('routes', () => {
  it('asks once per pause in typing, on the popup channel', async () => {
    const { store, deps } = await readyStore();
    for (const text of ['1', '1.', '1.5']) {
      store.getState().setAmountText(text);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(deps.api.getRoutes).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(deps.api.getRoutes).toHaveBeenCalledTimes(1);
    const call = vi.mocked(deps.api.getRoutes).mock.calls[0]![0];
    expect(call.channel).toMatch(/^popup-routes:[a-z0-9]+$/);
    expect(call.request).toMatchObject({
      fromChainId: '1',
      toChainId: '10',
      fromAmount: '1500000',
      fromTokenAddress: USDC_1,
    });
    await flush();
    expect(store.getState().routesStatus).toBe('ready');
    expect(store.getState().selectedRouteId).toBe('route-1');
  });

  it('does not ask for routes while the amount is invalid', async () => {
    const { store, deps } = await readyStore();
    store.getState().setAmountText('1.1234567');
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.api.getRoutes).not.toHaveBeenCalled();
    expect(store.getState().routesStatus).toBe('idle');
  });

  it('drops answers that a newer request superseded', async () => {
    let resolveFirst: (v: { routes: Route[]; fetchedAt: number }) => void = () => {};
    const api = fakeApi({
      getRoutes: vi
        .fn()
        .mockImplementationOnce(() => new Promise((r) => (resolveFirst = r)))
        .mockImplementationOnce(async () => ({ routes: [makeRoute({ id: 'new', tool: 'across' })], fetchedAt: 2 })),
    });
    const { store } = await readyStore(fakeDeps({ api }));
    store.getState().setAmountText('1');
    await vi.advanceTimersByTimeAsync(300);
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    resolveFirst({ routes: [makeRoute({ id: 'old' })], fetchedAt: 1 });
    await flush();
    expect(store.getState().routes.map((r) => r.id)).toEqual(['new']);
  });

  it('explains an empty answer with the tools’ reasons', async () => {
    const api = fakeApi({
      getRoutes: vi.fn(async () => ({
        routes: [],
        unavailableRoutes: {
          failed: [
            { overallPath: '1:USDC-hop-10:USDC', subpaths: { x: [{ errorType: 'NO_QUOTE', code: 'AMOUNT_TOO_LOW' }] } },
          ],
        },
        fetchedAt: 1,
      })),
    });
    const { store } = await readyStore(fakeDeps({ api }));
    store.getState().setAmountText('0.0001');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(store.getState().routesStatus).toBe('empty');
    expect(store.getState().routesMessage).toBe(
      'No route for this amount: too small for any bridge. Try a larger amount.',
    );
  });

  it('explains a "no quote" error', async () => {
    const api = fakeApi({
      getRoutes: vi.fn(async () => {
        throw new RemoteError({
          name: 'HttpRequestError',
          shortMessage: 'No route found for this transfer.',
          code: 1002,
          status: 404,
          details: 'HTTP 404: hop: AMOUNT_TOO_HIGH',
        });
      }),
    });
    const { store } = await readyStore(fakeDeps({ api }));
    store.getState().setAmountText('1000000');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(store.getState().routesMessage).toMatch(/too large/);
  });

  it('says until when the service asked to hold a search that is waiting, and forgets it once answered', async () => {
    let answer: (value: { routes: Route[]; fetchedAt: number }) => void = () => {};
    const api = fakeApi({
      getRoutes: vi.fn(
        () =>
          new Promise<{ routes: Route[]; fetchedAt: number }>((resolve) => {
            answer = resolve;
          }),
      ),
      getServiceHold: vi.fn(async () => ({ until: Date.now() + 20_000 })),
    });
    const { store } = await readyStore(fakeDeps({ api }));
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    // A search answered within a second never asks.
    expect(api.getServiceHold).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(store.getState().routesHeldUntil).toBeGreaterThan(Date.now() + 18_000);
    answer({ routes: [makeRoute()], fetchedAt: Date.now() });
    await flush();
    expect(store.getState().routesStatus).toBe('ready');
    expect(store.getState().routesHeldUntil).toBeUndefined();
    const asked = vi.mocked(api.getServiceHold).mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(vi.mocked(api.getServiceHold).mock.calls.length).toBe(asked);
  });

  it('keeps the pick on a refresh of the same search, and starts from the top route on a new one', async () => {
    let round = 0;
    const api = fakeApi({
      getRoutes: vi.fn(async () => {
        round++;
        // Fresh ids every answer, as real quotes; Stargate is the second route each time.
        return {
          routes: [
            makeRoute({ id: `across-${round}`, tool: 'across' }),
            makeRoute({ id: `sg-${round}`, tool: 'stargate' }),
          ],
          fetchedAt: round,
        };
      }),
    });
    const { store } = await readyStore(fakeDeps({ api }));
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    store.getState().selectRoute('sg-1');
    // The 30 s refresh of the same search: the person's pick (by tool) stays.
    await vi.advanceTimersByTimeAsync(30_010);
    await flush();
    expect(store.getState().selectedRouteId).toBe('sg-2');
    // Another slippage is another search: the top route, not the tool picked for other details.
    store.getState().setSlippage(0.01);
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(store.getState().selectedRouteId).toBe('across-3');
  });

  it('holds the listed routes from being sent while they were found for other details', async () => {
    const { store } = await readyStore();
    await store.getState().connectWallet();
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(selectRoutesMatchForm(store.getState())).toBe(true);
    // Typed, and Bridge clicked before the new search went out: the routes for 1.5 are still listed.
    store.getState().setAmountText('1.6');
    expect(store.getState().routes.length).toBeGreaterThan(0);
    expect(selectRoutesMatchForm(store.getState())).toBe(false);
    await store.getState().execute();
    expect(store.getState().executionError).toMatch(/changed since these routes were found/);
  });

  it('refreshes every 30 s and stops once the person confirms', async () => {
    const { store, deps } = await readyStore();
    await store.getState().connectWallet();
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    const calls = vi.mocked(deps.api.getRoutes).mock.calls.length;
    expect(store.getState().nextRefreshAt).toBeGreaterThan(Date.now());
    await vi.advanceTimersByTimeAsync(30_010);
    await flush();
    expect(vi.mocked(deps.api.getRoutes).mock.calls.length).toBe(calls + 1);
    const run = store.getState().execute();
    expect(store.getState().nextRefreshAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);
    await run;
    const after = vi.mocked(deps.api.getRoutes).mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.mocked(deps.api.getRoutes).mock.calls.length).toBe(after);
  });
});

describe('wallet and sending', () => {
  async function connectedStore(deps = fakeDeps()) {
    const { store } = await readyStore(deps);
    store.getState().followExecutions();
    await store.getState().connectWallet();
    await flush();
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    return store;
  }

  it('connects the only wallet, reads the balance, and defaults the recipient', async () => {
    const store = await connectedStore();
    const s = store.getState();
    expect(s.walletStatus).toBe('connected');
    expect(s.walletName).toBe('Dev Wallet');
    expect(s.account?.toLowerCase()).toBe(ACCOUNT.toLowerCase());
    expect(s.balance).toBe(10_000_000n);
  });

  it('says plainly when the tab cannot host a wallet', async () => {
    const store = createPopupStore(
      fakeDeps({
        openTabWallet: async () => {
          throw new WalletUnavailableError('Browser pages cannot reach your wallet.');
        },
      }),
    );
    await store.getState().connectWallet();
    expect(store.getState().walletStatus).toBe('unavailable');
    expect(store.getState().walletMessage).toBe('Browser pages cannot reach your wallet.');
  });

  /** The background carries the transfer out: waits until it is sent or stopped (or asks about the rate). */
  const settled = (store: Awaited<ReturnType<typeof connectedStore>>) =>
    vi.waitFor(() => expect(['done', 'failed']).toContain(store.getState().stage), { timeout: 5_000 });

  it('hands the confirmed transfer to the background, which approves exactly the amount and sends', async () => {
    const wallet = fakeTabWallet();
    const deps = fakeDeps({ openTabWallet: async () => wallet.tab });
    const store = await connectedStore(deps);
    await store.getState().execute();
    expect(deps.api.startExecution).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        tabId: 7,
        wallet: { rdns: 'dev.bridge-companion.wallet', name: 'Dev Wallet' },
        choice: expect.objectContaining({ fromAmount: '1500000', toChainId: 10 }),
        allowUnlimited: false,
      }),
    );
    await settled(store);
    expect(store.getState().executionError).toBeUndefined();
    expect(store.getState().stage).toBe('done');
    expect(wallet.state.sent).toHaveLength(2);
    expect(wallet.state.sent[0]!.data.startsWith('0x095ea7b3')).toBe(true);
    expect(BigInt(`0x${wallet.state.sent[0]!.data.slice(74)}`)).toBe(1_500_000n);
    // For the execution's own record, as its first step.
    const owner = { executionId: store.getState().executionId, step: 0 };
    expect(deps.steps.trackTransfer).toHaveBeenCalledWith(
      expect.objectContaining({ fromAmount: '1500000', toChainId: 10 }),
      owner,
    );
    // Registered for the relay too, in case the worker stops before the wallet answers.
    expect(deps.steps.expectTransfer).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        tabId: wallet.tab.tabId,
        transfer: expect.objectContaining({ fromAmount: '1500000' }),
        owner,
      }),
    );
    expect(store.getState().submittedHash).toBe(`0x${'2'.padStart(64, '0')}`);
    // One record: the execution and the transaction it sent, the hash written once.
    expect(store.getState().executions).toMatchObject([
      { execution: { phase: 'sent' }, sends: [{ txHash: store.getState().submittedHash }] },
    ]);
  });

  it('skips the approval when the allowance covers the amount', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const store = await connectedStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await settled(store);
    expect(wallet.state.sent).toHaveLength(1);
  });

  it('switches the chain first when the wallet is elsewhere', async () => {
    const wallet = fakeTabWallet({ chainId: 10, allowance: 10_000_000n });
    const store = await connectedStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await settled(store);
    expect(wallet.state.chainId).toBe(1);
    expect(store.getState().stage).toBe('done');
  });

  it('ends in a retryable state when the person declines; starting over forgets the stopped attempt', async () => {
    const wallet = fakeTabWallet({ reject: ['eth_sendTransaction'], allowance: 10_000_000n });
    const deps = fakeDeps({ openTabWallet: async () => wallet.tab });
    const store = await connectedStore(deps);
    await store.getState().execute();
    await settled(store);
    expect(store.getState().stage).toBe('failed');
    expect(store.getState().failedStage).toBe('signing');
    expect(store.getState().executionError).toBe('You declined the transfer in the wallet. Nothing was sent.');
    expect(store.getState().executions).toMatchObject([{ execution: { phase: 'failed', stoppedAt: 'signing' } }]);
    store.getState().resetExecution();
    expect(store.getState().stage).toBe('idle');
    await vi.waitFor(() => expect(store.getState().executions).toEqual([]));
  });

  it('stops waiting for a wallet that never answers the transfer, ready to try again', async () => {
    const wallet = fakeTabWallet({ hold: ['eth_sendTransaction'], allowance: 10_000_000n });
    const store = await connectedStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    // Nothing to stop outside the wallet stages.
    store.getState().stopWaiting();
    await store.getState().execute();
    await vi.waitFor(() => expect(store.getState().stage).toBe('signing'));
    store.getState().stopWaiting();
    await settled(store);
    expect(store.getState().stage).toBe('failed');
    expect(store.getState().failedStage).toBe('signing');
    expect(store.getState().executionError).toMatch(
      /^Stopped waiting for the wallet\. If it still shows the transfer, reject it there/,
    );
    store.getState().resetExecution();
    expect(store.getState().stage).toBe('idle');
  });

  it('stops waiting for a connection the wallet never answers', async () => {
    const wallet = fakeTabWallet({ hold: ['eth_requestAccounts'] });
    const store = createPopupStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    const connecting = store.getState().connectWallet();
    await vi.waitFor(() => expect(wallet.state.held).toHaveLength(1));
    expect(store.getState().walletStatus).toBe('connecting');
    store.getState().stopConnecting();
    await connecting;
    expect(store.getState().walletStatus).toBe('error');
    expect(store.getState().walletMessage).toMatch(/^Stopped waiting for the wallet\./);
  });

  it('ends in a retryable state when the chain switch is refused, and continues from there', async () => {
    const wallet = fakeTabWallet({ chainId: 10, reject: ['wallet_switchEthereumChain'], allowance: 10_000_000n });
    const store = await connectedStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await settled(store);
    expect(store.getState().executionError).toMatch(/declined switching to Ethereum/);
    expect(store.getState().failedStage).toBe('switching');
    // The person switches in the wallet themselves, then continues: one send, nothing twice.
    wallet.state.chainId = 1;
    const [stopped] = store.getState().executions;
    store.getState().continueExecution(stopped!.id);
    await vi.waitFor(() => expect(store.getState().stage).toBe('done'), { timeout: 5_000 });
    expect(wallet.state.sent).toHaveLength(1);
  });

  it('reports a reverted approval and sends nothing else', async () => {
    const wallet = fakeTabWallet({ approvalReverts: true });
    const store = await connectedStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await settled(store);
    expect(store.getState().executionError).toMatch(/approval failed on chain/);
    expect(wallet.state.sent).toHaveLength(1);
  });

  it('blocks a step transaction that pays someone else', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const steps = fakeSteps({
      getStepTransaction: vi.fn(async ({ step }) => stepFor(step as unknown as Route, { recipient: OTHER })),
    });
    const store = await connectedStore(fakeDeps({ steps, openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await settled(store);
    expect(store.getState().executionError).toMatch(/^Blocked for your safety: .*(pays|funds would go to) 0x70997970/i);
    expect(wallet.state.sent).toHaveLength(0);
  });

  it('asks before accepting a worse rate, and sends nothing when declined', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const steps = fakeSteps({
      getStepTransaction: vi.fn(async ({ step }) => stepFor(step as unknown as Route, { toAmountMin: '1400000' })),
    });
    const store = await connectedStore(fakeDeps({ steps, openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await vi.waitFor(() => expect(store.getState().ratePrompt).toBeDefined());
    expect(store.getState().ratePrompt).toEqual({ previousMin: 1_482_550n, newMin: 1_400_000n });
    expect(store.getState().executions).toMatchObject([{ execution: { phase: 'needsRate' } }]);
    store.getState().answerRatePrompt(false);
    await settled(store);
    expect(store.getState().executionError).toMatch(/rate got worse/);
    expect(wallet.state.sent).toHaveLength(0);
  });

  it('signs at the new rate once accepted', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const steps = fakeSteps({
      getStepTransaction: vi.fn(async ({ step }) => stepFor(step as unknown as Route, { toAmountMin: '1400000' })),
    });
    const store = await connectedStore(fakeDeps({ steps, openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    await vi.waitFor(() => expect(store.getState().ratePrompt).toBeDefined());
    store.getState().answerRatePrompt(true);
    await settled(store);
    expect(store.getState().stage).toBe('done');
    expect(wallet.state.sent).toHaveLength(1);
  });

  it('needs the value-loss warning acknowledged', async () => {
    const api = fakeApi({
      getRoutes: vi.fn(async () => ({ routes: [makeRoute({ toAmountUSD: '1.00' })], fetchedAt: 1 })),
    });
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const store = await connectedStore(fakeDeps({ api, openTabWallet: async () => wallet.tab }));
    await store.getState().execute();
    expect(store.getState().executionError).toMatch(/Confirm the warning/);
    expect(api.startExecution).not.toHaveBeenCalled();
    store.getState().resetExecution();
    await vi.advanceTimersByTimeAsync(10);
    await flush();
    store.getState().acknowledgeValueLoss(true);
    await store.getState().execute();
    await settled(store);
    expect(store.getState().stage).toBe('done');
  });

  it('follows a transfer already under way when the popup opens', async () => {
    const wallet = fakeTabWallet({ hold: ['eth_sendTransaction'], allowance: 10_000_000n });
    const deps = fakeDeps({ openTabWallet: async () => wallet.tab });
    const first = await connectedStore(deps);
    await first.getState().execute();
    await vi.waitFor(() => expect(first.getState().stage).toBe('signing'));
    // The popup closed at the wallet prompt; a new one opens on the same storage.
    const second = createPopupStore(deps);
    second.getState().followExecutions();
    await vi.waitFor(() => expect(second.getState().stage).toBe('signing'));
    expect(second.getState().executionId).toBe(first.getState().executionId);
    second.getState().stopWaiting();
    await vi.waitFor(() => expect(second.getState().stage).toBe('failed'));
  });
});

describe('settings', () => {
  it('loads defaults into the form and saves patches', async () => {
    const deps = fakeDeps();
    const store = createPopupStore(deps);
    await store.getState().loadSettings();
    expect(store.getState().slippage).toBe(0.005);
    await store.getState().saveSettings({ apiKey: 'secret' });
    expect(deps.api.updateSettings).toHaveBeenCalledWith({ apiKey: 'secret' });
    expect(store.getState().settings?.hasApiKey).toBe(true);
    // A new key changes how the service is asked: it is asked again at once, and Settings says it answers.
    expect(store.getState().serviceAnswer).toEqual({ chains: 2 });
  });

  it('says only that it saved when the service stays the same', async () => {
    const deps = fakeDeps();
    const store = createPopupStore(deps);
    await store.getState().loadSettings();
    const { hasApiKey: _key, ...same } = store.getState().settings!;
    await store.getState().saveSettings({ ...same, slippage: 0.01 });
    expect(deps.api.getChains).not.toHaveBeenCalled();
    expect(store.getState().serviceAnswer).toBeUndefined();
  });

  it('points a failure of the wrong kind of service to Settings, and asks again once another is saved', async () => {
    const deps = fakeDeps();
    vi.mocked(deps.api.getChains).mockRejectedValueOnce(
      new RemoteError({
        name: 'SchemaError',
        shortMessage: 'The routing service sent an answer this app does not understand.',
      }),
    );
    const store = createPopupStore(deps);
    await store.getState().loadSettings();
    await store.getState().loadCatalog();
    expect(store.getState()).toMatchObject({ catalogStatus: 'error', catalogBlamesSettings: true });

    await store.getState().saveSettings({ apiBaseUrl: 'http://127.0.0.1:9999', apiDialect: 'spec' });
    expect(deps.api.getChains).toHaveBeenCalledTimes(2);
    expect(store.getState().catalogStatus).toBe('ready');
    expect(store.getState().serviceAnswer).toEqual({ chains: 2 });
  });

  it('says on Settings when the service saved still fails', async () => {
    const deps = fakeDeps();
    const store = createPopupStore(deps);
    await store.getState().loadSettings();
    vi.mocked(deps.api.getChains).mockRejectedValueOnce(
      new RemoteError({ name: 'NetworkError', shortMessage: 'The routing service could not be reached.' }),
    );
    await store.getState().saveSettings({ apiBaseUrl: 'http://127.0.0.1:1' });
    expect(store.getState().serviceAnswer).toEqual({ failure: 'The routing service could not be reached.' });
    expect(store.getState().catalogBlamesSettings).toBe(true);
  });

  it('points a search that failed for the service’s settings there, not a busy service', async () => {
    const { store, deps } = await readyStore();
    vi.mocked(deps.api.getRoutes).mockRejectedValueOnce(
      new RemoteError({ name: 'HttpRequestError', shortMessage: 'Not found.', status: 404, code: 1003 }),
    );
    store.getState().setAmountText('1');
    await vi.advanceTimersByTimeAsync(400);
    await flush();
    expect(store.getState()).toMatchObject({ routesStatus: 'empty', routesBlameSettings: true });
    vi.mocked(deps.api.getRoutes).mockRejectedValueOnce(
      new RemoteError({ name: 'RateLimitError', shortMessage: 'Busy.', status: 429 }),
    );
    store.getState().setAmountText('2');
    await vi.advanceTimersByTimeAsync(400);
    await flush();
    expect(store.getState()).toMatchObject({ routesStatus: 'error', routesBlameSettings: false });
  });
});

describe('unlimited approval', () => {
  it('is used only when the person ticks it', async () => {
    vi.useFakeTimers();
    const wallet = fakeTabWallet();
    const { store } = await readyStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    store.getState().followExecutions();
    await store.getState().connectWallet();
    store.getState().setAmountText('1.5');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    store.getState().setAllowUnlimited(true);
    await store.getState().execute();
    await vi.waitFor(() => expect(store.getState().stage).toBe('done'));
    expect(wallet.state.sent[0]!.data.endsWith('f'.repeat(64))).toBe(true);
  });
});

describe('wallet events', () => {
  it('follows account and network changes made in the wallet', async () => {
    const wallet = fakeTabWallet();
    const { store } = await readyStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().connectWallet();
    wallet.emit({ walletId: 'dev', event: 'accountsChanged', data: [OTHER] });
    expect(store.getState().account).toBe(OTHER);
    wallet.emit({ walletId: 'dev', event: 'chainChanged', data: '0xa' });
    expect(store.getState().walletChainId).toBe(10);
    wallet.emit({ walletId: 'other', event: 'chainChanged', data: '0x1' });
    expect(store.getState().walletChainId).toBe(10);
    wallet.emit({ walletId: 'dev', event: 'accountsChanged', data: [] });
    expect(store.getState().account).toBeUndefined();
    expect(store.getState().walletMessage).toBe('The wallet disconnected.');
  });
});

describe('chains cache', () => {
  it('shows cached chains at once, then the fresh list', async () => {
    let release: (chains: import('../../schemas/catalog').Chain[]) => void = () => {};
    const fresh = new Promise<import('../../schemas/catalog').Chain[]>((r) => (release = r));
    const written: unknown[] = [];
    const { CHAINS } = await import('../../../testing/popup/fixtures');
    const store = createPopupStore(
      fakeDeps({
        api: fakeApi({ getChains: () => fresh }),
        chainsCache: { read: () => [CHAINS[1]!], write: (c) => written.push(c) },
      }),
    );
    const loading = store.getState().loadCatalog();
    expect(store.getState().catalogStatus).toBe('ready');
    expect(store.getState().chains.map((c) => c.id)).toEqual([10]);
    release(CHAINS);
    await loading;
    expect(store.getState().chains.map((c) => c.id)).toEqual([1, 10]);
    expect(written).toEqual([CHAINS]);
  });
});
