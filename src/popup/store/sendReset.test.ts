import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeApi, fakeDeps, fakeTabWallet, makeRoute, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import type { PopupMemory } from '../../storage/popupMemory';
import { rememberPopup } from '../memory';
import { createPopupStore } from './createPopupStore';

type PopupStore = ReturnType<typeof createPopupStore>;

import { selectSelectedRoute, selectSending } from './selectors';

/** Issue #33, point 6: once a transfer is handed over, one more click must not send it again. */

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

async function sendOnePointFive(
  wallet: ReturnType<typeof fakeTabWallet>,
  saved?: PopupMemory[],
  options: { api?: ReturnType<typeof fakeApi>; pick?: string; whileSending?(store: PopupStore): void } = {},
) {
  const store = createPopupStore(
    fakeDeps({ openTabWallet: async () => wallet.tab, ...(options.api ? { api: options.api } : {}) }),
  );
  if (saved) rememberPopup(store, (m) => saved.push(m));
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  store.getState().followExecutions();
  await store.getState().connectWallet();
  await flush();
  store.getState().setAmountText('1.5');
  await vi.advanceTimersByTimeAsync(300);
  await flush();
  if (options.pick) store.getState().selectRoute(options.pick);
  const sending = store.getState().execute();
  // The popup may close right after the confirmation: the amount is gone from its memory by then.
  await vi.advanceTimersByTimeAsync(0);
  if (saved) expect(saved.at(-1)?.form?.amountText).toBe('');
  options.whileSending?.(store);
  await sending;
  await vi.waitFor(() => expect(['done', 'failed']).toContain(store.getState().stage), { timeout: 5_000 });
  return store;
}

describe('the form after a send', () => {
  it('keeps the tokens and chains but not the amount once the transfer is sent', async () => {
    const saved: PopupMemory[] = [];
    const store = await sendOnePointFive(fakeTabWallet({ allowance: 10_000_000n }), saved);
    expect(saved.at(-1)?.form).toMatchObject({ fromToken: USDC_ETH, toToken: USDC_OP, amountText: '' });
    expect(store.getState().stage).toBe('done');
    // The routes found for it went with it: none left to pick while its progress shows, and none to send again.
    expect(store.getState()).toMatchObject({ routes: [], routesStatus: 'idle', selectedRouteId: undefined });
    expect(selectSelectedRoute(store.getState())).toBeUndefined();
    store.getState().resetExecution();
    const s = store.getState();
    expect(s.amountText).toBe('');
    expect([s.fromChainId, s.fromToken?.symbol, s.toChainId, s.toToken?.symbol]).toEqual([1, 'USDC', 10, 'USDC']);
    // Nothing to send again: the send button waits for an amount.
    expect(s.routes).toEqual([]);
  });

  it('says what was handed over from the click on, not an empty amount, until New transfer', async () => {
    let handedOver: ReturnType<typeof selectSending>;
    const store = await sendOnePointFive(fakeTabWallet({ allowance: 10_000_000n }), undefined, {
      whileSending: (sending) => {
        handedOver = selectSending(sending.getState());
      },
    });
    // Before the background's record is read: what the person confirmed.
    expect(handedOver?.choice.fromAmount).toBe(1_500_000n);
    expect(handedOver?.route.action?.fromToken.symbol).toBe('USDC');
    // Sent: the record followed says it.
    expect(selectSending(store.getState())?.choice.fromAmount).toBe(1_500_000n);
    store.getState().resetExecution();
    expect(selectSending(store.getState())).toBeUndefined();
    expect(store.getState().handedOver).toBeUndefined();
  });

  it('puts the amount back for Try again when nothing was sent', async () => {
    const store = await sendOnePointFive(fakeTabWallet({ reject: ['eth_sendTransaction'], allowance: 10_000_000n }));
    expect(store.getState().stage).toBe('failed');
    expect(store.getState().amountText).toBe('');
    expect(store.getState().routes).toEqual([]);
    store.getState().resetExecution();
    expect(store.getState().amountText).toBe('1.5');
    // Try again is still one click: the routes for the amount put back are asked for at once.
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(store.getState().routesStatus).toBe('ready');
    expect(selectSelectedRoute(store.getState())).toBeDefined();
  });

  it('selects the route the person had chosen again for Try again, quoted afresh, not the top one', async () => {
    // Each search quotes anew: new ids, the same two bridges, the top one first.
    let search = 0;
    const api = fakeApi({
      getRoutes: vi.fn(async () => {
        search++;
        const top = makeRoute({ id: `top-${search}`, tool: 'hop', toAmount: '1490000' });
        return { routes: [top, makeRoute({ id: `second-${search}`, tool: 'across' })], fetchedAt: Date.now() };
      }),
    });
    const wallet = fakeTabWallet({ reject: ['eth_sendTransaction'], allowance: 10_000_000n });
    const store = await sendOnePointFive(wallet, undefined, { api, pick: 'second-1' });
    expect(store.getState().stage).toBe('failed');
    store.getState().resetExecution();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(store.getState().routesStatus).toBe('ready');
    expect(selectSelectedRoute(store.getState())?.id).toBe(`second-${search}`);
    // Remembered for that one search only: later searches start from the top route, as any new search does.
    expect(store.getState().retryRoute).toBeUndefined();
  });
});
