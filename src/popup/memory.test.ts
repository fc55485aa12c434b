import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDeps, fakeTabWallet, OTHER, USDC_ETH, USDC_OP } from '../../testing/popup/fixtures';
import type { PopupMemory } from '../storage/popupMemory';
import { readMemory, rememberPopup } from './memory';
import { createPopupStore } from './store/createPopupStore';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
const DEV_WALLET = { rdns: 'dev.bridge-companion.wallet', name: 'Dev Wallet' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('popup memory', () => {
  it('reads a well-formed memory and forgets a malformed one whole', () => {
    const memory: PopupMemory = {
      form: { fromChainId: 1, fromToken: USDC_ETH, amountText: '1,5', recipientText: '' },
      wallet: DEV_WALLET,
    };
    expect(readMemory(memory)).toEqual(memory);
    expect(readMemory({ form: { fromChainId: 'one', amountText: '', recipientText: '' } })).toEqual({});
    expect(readMemory({ form: { amountText: 'x'.repeat(101), recipientText: '' } })).toEqual({});
    expect(readMemory('nonsense')).toEqual({});
  });

  it('remembers the form as the person leaves it (debounced) and the wallet once it connects', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    const saved: PopupMemory[] = [];
    rememberPopup(store, (m) => saved.push(m));
    store.getState().setFromToken(USDC_ETH);
    store.getState().setToToken(USDC_OP);
    store.getState().setAmountText('2');
    store.getState().setAmountText('25');
    await vi.advanceTimersByTimeAsync(300);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.form).toMatchObject({ fromToken: USDC_ETH, toToken: USDC_OP, amountText: '25' });
    expect(saved[0]?.wallet).toBeUndefined();

    await store.getState().connectWallet();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved.at(-1)?.wallet).toEqual(DEV_WALLET);
  });

  it('keeps a transfer the explorer card handed over at once, before anything changes', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    await store.getState().applyPrefill({ fromChainId: 1, fromTokenAddress: USDC_ETH.address, amount: '25' });
    const saved: PopupMemory[] = [];
    rememberPopup(store, (m) => saved.push(m), { writeNow: true });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.form).toMatchObject({
      fromChainId: 1,
      fromToken: { address: USDC_ETH.address },
      amountText: '25',
    });
  });

  it('restores the remembered form, with tokens looked up again', async () => {
    const store = createPopupStore(fakeDeps());
    await store.getState().loadCatalog();
    await store.getState().restoreForm({
      fromChainId: 1,
      fromToken: USDC_ETH,
      toChainId: 10,
      toToken: USDC_OP,
      amountText: '1,5',
      recipientText: OTHER,
    });
    const s = store.getState();
    expect([s.fromChainId, s.fromToken?.symbol, s.toChainId, s.toToken?.symbol]).toEqual([1, 'USDC', 10, 'USDC']);
    expect([s.amountText, s.recipientText]).toEqual(['1,5', OTHER]);
    // A chain the service no longer lists is dropped: the form keeps what it had for that side.
    await store.getState().restoreForm({ fromChainId: 999, amountText: '3', recipientText: '' });
    expect(store.getState().fromChainId).toBe(1);
  });

  it('reconnects the remembered wallet without a prompt (eth_accounts), and only while the site is still connected', async () => {
    const wallet = fakeTabWallet();
    const store = createPopupStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().loadCatalog();
    await store.getState().checkTab(DEV_WALLET);
    await flush();
    expect(store.getState().walletStatus).toBe('connected');
    expect(wallet.state.methods).not.toContain('eth_requestAccounts');
    expect(wallet.state.methods).toContain('eth_accounts');

    const forgotten = fakeTabWallet({ forgotSite: true });
    const second = createPopupStore(fakeDeps({ openTabWallet: async () => forgotten.tab }));
    await second.getState().loadCatalog();
    await second.getState().checkTab(DEV_WALLET);
    expect(second.getState().walletStatus).toBe('idle');
    expect(forgotten.state.methods).not.toContain('eth_requestAccounts');

    const other = fakeTabWallet();
    const third = createPopupStore(fakeDeps({ openTabWallet: async () => other.tab }));
    await third.getState().loadCatalog();
    await third.getState().checkTab({ rdns: 'io.other.wallet', name: 'Other' });
    expect(third.getState().walletStatus).toBe('idle');
    expect(other.state.methods).toEqual([]);
  });

  it('without a remembered wallet, probes the tab read-only and says before Connect when it has no wallet', async () => {
    const opened: number[] = [];
    const deps = (state: 'wallets' | 'none' | 'unknown') =>
      fakeDeps({
        probeTab: async () => ({ state }),
        openTabWallet: async (tabId) => {
          opened.push(tabId);
          return fakeTabWallet().tab;
        },
      });
    const none = createPopupStore(deps('none'));
    await none.getState().checkTab();
    expect(none.getState().walletStatus).toBe('unavailable');
    expect(none.getState().walletMessage).toMatch(/^No wallet found in this tab/);
    for (const state of ['wallets', 'unknown'] as const) {
      const store = createPopupStore(deps(state));
      await store.getState().checkTab();
      expect(store.getState().walletStatus).toBe('idle');
    }
    // The relay goes into the page only when the person connects.
    expect(opened).toEqual([]);
  });

  it('names another open tab that has a wallet, keeps the form, and brings that tab to the front', async () => {
    const walletTab = { tabId: 9, windowId: 2, title: 'Dev Wallet' };
    const shown: unknown[] = [];
    const asked: number[] = [];
    const store = createPopupStore(
      fakeDeps({
        probeTab: async () => ({ state: 'none' }),
        findWalletTab: async (except) => {
          asked.push(except);
          return walletTab;
        },
        showTab: async (tab) => {
          shown.push(tab);
        },
      }),
    );
    await store.getState().loadCatalog();
    store.getState().setAmountText('25');
    await store.getState().checkTab();
    // Looked for beside the tab the popup serves (7), not in it.
    expect(asked).toEqual([7]);
    expect(store.getState()).toMatchObject({ walletStatus: 'unavailable', walletTab, amountText: '25' });
    await store.getState().goToWalletTab();
    expect(shown).toEqual([walletTab]);
    expect(store.getState().amountText).toBe('25');
  });

  it('forgets a wallet tab that was closed before the person went there', async () => {
    const store = createPopupStore(
      fakeDeps({
        probeTab: async () => ({ state: 'none' }),
        findWalletTab: async () => ({ tabId: 9, windowId: 2, title: 'Dev Wallet' }),
        showTab: async () => {
          throw new Error('No tab with id: 9.');
        },
      }),
    );
    await store.getState().checkTab();
    await store.getState().goToWalletTab();
    expect(store.getState().walletTab).toBeUndefined();
  });
});
