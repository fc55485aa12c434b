import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { waitFor } from '../../../testing/popup/dom';
import { ACCOUNT, fakeDeps, fakeTabWallet, OTHER } from '../../../testing/popup/fixtures';
import { WalletRejectedError, WalletRequestError } from '../../wallet/errors';
import { rememberPopup } from '../memory';
import { createPopupStore } from './createPopupStore';
import { selectFormCheck } from './selectors';

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The fixtures' tab wallet, taught EIP-2255: `permissions` says how it answers wallet_requestPermissions (the person
 * picks OTHER, declines, or the wallet does not know the method), and eth_accounts then answers the picked account.
 */
function walletWithPermissions(permissions: 'pick-other' | 'decline' | 'unsupported') {
  const fake = fakeTabWallet();
  let picked: string = ACCOUNT.toLowerCase();
  const request = fake.tab.request.bind(fake.tab);
  fake.tab.request = async (walletId, method, params, what, options) => {
    if (method === 'wallet_requestPermissions') {
      fake.state.methods.push(method);
      if (permissions === 'decline') throw new WalletRejectedError(what ?? 'the request');
      if (permissions === 'unsupported') throw new WalletRequestError('Method not supported', 4200);
      picked = OTHER.toLowerCase();
      return [{ parentCapability: 'eth_accounts' }];
    }
    if (method === 'eth_accounts') {
      fake.state.methods.push(method);
      return [picked];
    }
    return request(walletId, method, params, what, options);
  };
  return fake;
}

async function connected(permissions: Parameters<typeof walletWithPermissions>[0]) {
  const wallet = walletWithPermissions(permissions);
  const deps = fakeDeps({ openTabWallet: async () => wallet.tab });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  await store.getState().connectWallet();
  expect(store.getState().walletStatus).toBe('connected');
  return { store, wallet };
}

describe('wallet controls', () => {
  it('switches account by asking the wallet to pick again (EIP-2255), then follows the account picked', async () => {
    const { store, wallet } = await connected('pick-other');
    await store.getState().switchAccount();
    expect(wallet.state.methods).toContain('wallet_requestPermissions');
    expect(store.getState().account?.toLowerCase()).toBe(OTHER.toLowerCase());
    expect(store.getState().walletMessage).toBeUndefined();
  });

  it('asks with eth_requestAccounts where the wallet does not know wallet_requestPermissions', async () => {
    const { store, wallet } = await connected('unsupported');
    const before = wallet.state.methods.filter((m) => m === 'eth_requestAccounts').length;
    await store.getState().switchAccount();
    expect(wallet.state.methods.filter((m) => m === 'eth_requestAccounts').length).toBe(before + 1);
    expect(store.getState().walletStatus).toBe('connected');
    expect(store.getState().walletMessage).toBeUndefined();
  });

  it('keeps the account, silently, when the person declines to pick another', async () => {
    const { store } = await connected('decline');
    await store.getState().switchAccount();
    expect(store.getState()).toMatchObject({ walletStatus: 'connected', account: ACCOUNT.toLowerCase() });
    expect(store.getState().walletMessage).toBeUndefined();
  });

  it('disconnects in the popup and forgets the wallet for the next opening', async () => {
    const { store } = await connected('pick-other');
    const saved: unknown[] = [];
    rememberPopup(store, (memory) => saved.push(memory), { debounceMs: 0 });
    const before = saved.length;
    store.getState().disconnectWallet();
    expect(store.getState()).toMatchObject({ walletStatus: 'idle', account: undefined, walletName: undefined });
    await waitFor('the popup remembered after the disconnect', () => saved.length > before);
    expect(saved.at(-1)).not.toHaveProperty('wallet');
  });
});

describe('the account as it is on the source chain', () => {
  it('asks who receives elsewhere when the connected account is a smart account there, read on connecting', async () => {
    const wallet = fakeTabWallet();
    const getRecipientKind = vi.fn(async () => ({ kind: 'contract' as const }));
    const deps = fakeDeps({ openTabWallet: async () => wallet.tab });
    deps.api.getRecipientKind = getRecipientKind;
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    await store.getState().connectWallet();
    await vi.waitFor(() => expect(store.getState().accountIsContract).toBe(true));
    expect(getRecipientKind).toHaveBeenCalledWith({
      chainId: store.getState().fromChainId,
      address: store.getState().account,
    });
    expect(store.getState().account?.toLowerCase()).toBe(ACCOUNT.toLowerCase());
    store.getState().setAmountText('1');
    expect(selectFormCheck(store.getState()).recipient).toBeUndefined();
    await store.getState().loadEvmChecksum();
    store.getState().setRecipientText(OTHER);
    expect(selectFormCheck(store.getState()).recipient?.toLowerCase()).toBe(OTHER.toLowerCase());
  });

  it('keeps the connected account as the receiver for a plain account', async () => {
    const wallet = fakeTabWallet();
    const store = createPopupStore(fakeDeps({ openTabWallet: async () => wallet.tab }));
    await store.getState().loadCatalog();
    await store.getState().connectWallet();
    await vi.waitFor(() => expect(store.getState().accountIsContract).toBe(false));
    expect(selectFormCheck(store.getState()).recipient?.toLowerCase()).toBe(ACCOUNT.toLowerCase());
  });
});
