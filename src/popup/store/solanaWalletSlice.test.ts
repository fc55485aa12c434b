import { describe, expect, it, vi } from 'vitest';
import { DEV_SOLANA_ADDRESS } from '../../../devtools/devwallet/keys';
import { fakeApi, fakeDeps } from '../../../testing/popup/fixtures';
import { WalletRequestError } from '../../wallet/errors';
import type { TabWallet, WalletEvent } from '../../wallet/tabWallet';
import { createPopupStore } from './createPopupStore';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const UNLISTED = 'So11111111111111111111111111111111111111112';

/** A tab whose page offers one Solana wallet answering `connect` as the test says. */
function solanaTab(connect: () => Promise<unknown>, features: 'solana:signTransaction'[] = ['solana:signTransaction']) {
  const listeners = new Set<(event: WalletEvent) => void>();
  const tab: TabWallet = {
    tabId: 7,
    wallets: [],
    solanaWallets: [{ id: 'solana:0', name: 'Phantom', features }],
    request: vi.fn(async (_id, method) => (method === 'standard:connect' ? connect() : undefined)),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopWaiting() {},
    close: vi.fn(),
  };
  const emit = (data: unknown) => {
    for (const l of listeners) l({ walletId: 'solana:0', event: 'accountsChanged', data });
  };
  return { tab, emit };
}

function store(tab: TabWallet) {
  const api = fakeApi({
    getSolanaBalances: vi.fn(async () => ({
      read: true as const,
      lamports: '25000000000',
      tokens: [
        { mint: USDC, amount: '1000000000' },
        { mint: UNLISTED, amount: '5' },
      ],
    })),
    getToken: vi.fn(async ({ address }: { address: string }) =>
      address === USDC ? ({ symbol: 'USDC', decimals: 6 } as never) : null,
    ),
  });
  return {
    api,
    store: createPopupStore(fakeDeps({ api, resolveTabId: async () => 7, openTabWallet: async () => tab })),
  };
}

describe("the popup's Solana wallet", () => {
  it("connects the tab's Solana wallet and reads its SOL and listed tokens through the background", async () => {
    const { tab, emit } = solanaTab(async () => ({ accounts: [DEV_SOLANA_ADDRESS] }));
    const { store: s, api } = store(tab);
    await s.getState().connectSolanaWallet();
    await vi.waitFor(() => expect(s.getState().solanaBalances).not.toBeUndefined());
    expect(s.getState()).toMatchObject({
      solanaStatus: 'connected',
      solanaWalletName: 'Phantom',
      solanaAddress: DEV_SOLANA_ADDRESS,
      solanaMessage: undefined,
      solanaBalances: {
        lamports: 25_000_000_000n,
        holdings: [{ mint: USDC, symbol: 'USDC', decimals: 6, amount: 1_000_000_000n }],
        unlisted: 1,
      },
    });
    expect(api.getSolanaBalances).toHaveBeenCalledWith({ owner: DEV_SOLANA_ADDRESS });
    // The wallet forgetting the account (standard:events): disconnected here too.
    emit([]);
    expect(s.getState()).toMatchObject({ solanaStatus: 'idle', solanaAddress: undefined });
    expect(tab.close).toHaveBeenCalled();
  });

  it('says a wallet that cannot sign, and a tab without a Solana wallet, in words', async () => {
    const cannot = store(solanaTab(async () => ({ accounts: [DEV_SOLANA_ADDRESS] }), []).tab).store;
    await cannot.getState().connectSolanaWallet();
    expect(cannot.getState().solanaMessage).toMatch(/^Phantom cannot sign Solana transactions/);
    const none = { ...solanaTab(async () => ({})).tab, solanaWallets: [] };
    const empty = store(none).store;
    await empty.getState().connectSolanaWallet();
    expect(empty.getState()).toMatchObject({
      solanaStatus: 'error',
      solanaMessage: expect.stringMatching(/^No Solana wallet/),
    });
  });

  it('says a declined connection, and refuses an account that is not base58', async () => {
    const declined = store(
      solanaTab(async () => {
        throw new WalletRequestError('x', undefined, 'User rejected the request.');
      }).tab,
    ).store;
    await declined.getState().connectSolanaWallet();
    expect(declined.getState().solanaMessage).toBe('You declined the connection in the wallet. Nothing was sent.');
    const forged = store(
      solanaTab(async () => ({ accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })).tab,
    ).store;
    await forged.getState().connectSolanaWallet();
    expect(forged.getState().solanaStatus).toBe('error');
    expect(forged.getState().solanaAddress).toBeUndefined();
  });
});
