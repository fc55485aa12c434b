import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { decodeUint256, encodeBalanceOf } from '../../contracts/erc20';
import { userMessage } from '../../errors/userMessage';
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import {
  WalletRejectedError,
  WalletRequestError,
  WalletStoppedError,
  WalletUnavailableError,
} from '../../wallet/errors';
import { readAccounts, readChainId, WalletSession } from '../../wallet/session';
import type { TabWallet } from '../../wallet/tabWallet';
import type { PopupDeps } from './deps';
import { isBusy, selectChain } from './selectors';
import type { PopupState, WalletSlice } from './types';

export type WalletHandle = { session?: WalletSession; tab?: TabWallet };

export const createWalletSlice =
  (deps: PopupDeps, handle: WalletHandle): StateCreator<PopupState, [], [], WalletSlice> =>
  (set, get) => {
    let balanceSequence = 0;

    /** A connected session: follows the wallet's account and network, then reads the balance and asks for routes. */
    function attach(session: WalletSession, accounts: `0x${string}`[], chainId: number) {
      const tab = session.tab;
      const walletId = session.walletId;
      handle.session = session;
      tab.onEvent((event) => {
        if (event.walletId !== walletId) return;
        try {
          if (event.event === 'accountsChanged') {
            const [account] = readAccounts(event.data);
            set(
              account
                ? { account }
                : { account: undefined, walletStatus: 'idle', walletMessage: i18n.t('popup.execution.disconnected') },
            );
          } else set({ walletChainId: readChainId(event.data) });
        } catch {
          return;
        }
        void get().refreshBalance();
        get().requestRoutes();
      });
      const wallet = tab.wallets.find((w) => w.id === walletId);
      set({
        walletStatus: 'connected',
        walletTab: undefined,
        walletName: wallet?.name,
        walletRdns: wallet?.rdns,
        account: accounts[0],
        walletChainId: chainId,
      });
      void get().refreshBalance();
      get().requestRoutes();
    }

    /**
     * Whether the connected account is a smart account (a contract, such as a Safe) on the source chain, read there
     * through the trusted RPC: the same address may then not be the person's on the destination, so the form asks
     * who receives there rather than defaulting to it. An EIP-7702 account is an account. Unknown reads as not.
     */
    async function readAccountKind() {
      const { account, fromChainId } = get();
      if (!account || fromChainId === undefined) return set({ accountIsContract: undefined });
      const { kind } = await deps.api
        .getRecipientKind({ chainId: fromChainId, address: account })
        .catch(() => ({ kind: 'unknown' as const }));
      if (get().account === account && get().fromChainId === fromChainId)
        set({ accountIsContract: kind === 'contract' });
    }

    /** This tab has no wallet: names another open tab that has one, if the extension may see it. */
    async function lookElsewhere(tabId: number) {
      const tab = await deps.findWalletTab?.(tabId).catch(() => undefined);
      if (get().walletStatus === 'unavailable') set({ walletTab: tab });
    }

    return {
      walletStatus: 'idle',
      wallets: [],
      async checkTab(remembered) {
        // Before the person clicks Connect: a tab that cannot reach a wallet (a browser or extension page, a site
        // without one) is said at once, with what to do. Nothing is asked of a wallet here: listing wallets
        // (EIP-6963) prompts nothing, and neither does eth_accounts, which re-checks the wallet connected last time.
        // A person who clicked Connect meanwhile gets that attempt's answer instead.
        try {
          const tabId = get().tabId ?? (await deps.resolveTabId());
          if (tabId === undefined) throw new WalletUnavailableError(i18n.t('popup.execution.noTab'));
          if (get().walletStatus !== 'idle') return;
          set({ tabId });
          // Nothing remembered: a read-only probe says whether the page has a wallet; the relay waits for Connect.
          if (!remembered && deps.probeTab) {
            const probe = await deps.probeTab(tabId);
            if (probe.state !== 'none' || get().walletStatus !== 'idle') return;
            set({ walletStatus: 'unavailable', walletMessage: probe.why ?? i18n.t('wallet.noWallet') });
            await lookElsewhere(tabId);
            return;
          }
          const tab = await deps.openTabWallet(tabId);
          if (get().walletStatus !== 'idle') return tab.close();
          set({ wallets: tab.wallets });
          const known =
            remembered &&
            (tab.wallets.find((w) => remembered.rdns !== undefined && w.rdns === remembered.rdns) ??
              tab.wallets.find((w) => w.name === remembered.name));
          if (!known) return tab.close();
          const session = new WalletSession(tab, known.id);
          const account = await session.account().catch(() => undefined);
          if (!account || get().walletStatus !== 'idle') return tab.close();
          handle.tab = tab;
          attach(session, [account], await session.chainId());
        } catch (err) {
          if (get().walletStatus !== 'idle' || !(err instanceof WalletUnavailableError)) return;
          set({ walletStatus: 'unavailable', walletMessage: userMessage(err) });
          const tabId = get().tabId;
          if (tabId !== undefined) await lookElsewhere(tabId);
        }
      },
      async goToWalletTab() {
        const tab = get().walletTab;
        if (!tab || !deps.showTab) return;
        try {
          await deps.showTab(tab);
        } catch {
          // The tab was closed meanwhile: say nothing of it any more.
          set({ walletTab: undefined });
        }
      },
      async connectWallet() {
        set({ walletStatus: 'connecting', walletMessage: undefined });
        try {
          const tabId = get().tabId ?? (await deps.resolveTabId());
          if (tabId === undefined) throw new WalletUnavailableError(i18n.t('popup.execution.noTab'));
          set({ tabId });
          handle.tab?.close();
          handle.tab = await deps.openTabWallet(tabId);
          const wallets = handle.tab.wallets;
          // A tab with Solana wallets only: none of them is an EVM wallet to connect here.
          if (wallets.length === 0) throw new WalletUnavailableError(i18n.t('wallet.noWallet'));
          set({ wallets });
          const only = wallets.length === 1 ? wallets[0] : undefined;
          if (only) await get().chooseWallet(only.id);
          else set({ walletStatus: 'choose' });
        } catch (err) {
          set({
            walletStatus: err instanceof WalletUnavailableError ? 'unavailable' : 'error',
            walletMessage: userMessage(err),
          });
          const tabId = get().tabId;
          if (err instanceof WalletUnavailableError && tabId !== undefined) await lookElsewhere(tabId);
        }
      },
      async chooseWallet(walletId) {
        const tab = handle.tab;
        if (!tab) return;
        set({ walletStatus: 'connecting', walletMessage: undefined });
        try {
          const session = new WalletSession(tab, walletId);
          const { accounts, chainId } = await session.connect();
          attach(session, accounts, chainId);
        } catch (err) {
          set({ walletStatus: 'error', walletMessage: userMessage(err) });
        }
      },
      stopConnecting() {
        if (get().walletStatus !== 'connecting') return;
        handle.tab?.stopWaiting(() => new WalletStoppedError(i18n.t('popup.execution.stoppedConnecting')));
      },
      async switchAccount() {
        const session = handle.session;
        if (!session || get().walletStatus !== 'connected' || isBusy(get())) return;
        set({ walletMessage: undefined });
        const what = i18n.t('popup.wallet.whatChooseAccount');
        try {
          try {
            await session.request('wallet_requestPermissions', [{ eth_accounts: {} }], what);
          } catch (err) {
            if (!isUnsupported(err)) throw err;
            await session.request('eth_requestAccounts', [], what);
          }
          // Read back rather than taken from the answer: permissions answers do not list accounts in one shape.
          const account = await session.account();
          if (!account) {
            get().disconnectWallet();
            return;
          }
          if (account !== get().account) {
            set({ account });
            void get().refreshBalance();
            get().requestRoutes();
          }
        } catch (err) {
          // Declining keeps the account that was connected: nothing changed.
          if (!(err instanceof WalletRejectedError)) set({ walletMessage: userMessage(err) });
        }
      },
      disconnectWallet() {
        if (isBusy(get())) return;
        handle.session = undefined;
        handle.tab?.close();
        handle.tab = undefined;
        set({
          walletStatus: 'idle',
          walletMessage: undefined,
          walletName: undefined,
          walletRdns: undefined,
          account: undefined,
          walletChainId: undefined,
          balance: undefined,
        });
        get().requestRoutes();
      },
      async walletBatches(chainId) {
        const { account } = get();
        if (!handle.session || !account) return false;
        // Only the review asks, and it is loaded later: kept out of the popup's first paint.
        const { walletBatchesAtomically } = await import('../../wallet/batchCapabilities');
        return walletBatchesAtomically(handle.session, account, chainId);
      },
      async refreshBalance() {
        const mine = ++balanceSequence;
        const s = get();
        // Read on the same occasions as the balance (another account, another source chain): what the account is.
        void readAccountKind();
        const chain = selectChain(s, s.fromChainId);
        if (!s.account || !s.fromToken || !chain) return set({ balance: undefined });
        const { account, fromToken } = s;
        try {
          // The chain's word through the RPC the extension trusts comes first: neither the page's wallet nor an RPC
          // the routing service listed may say how much there is (Max fills what they say).
          let balance = await trustedBalance(deps, chain.id, fromToken.address, account);
          if (balance === undefined && handle.session && s.walletChainId === chain.id) {
            balance = decodeUint256(
              isNativeToken(fromToken.address)
                ? await handle.session.balance(account)
                : await handle.session.call(fromToken.address as `0x${string}`, encodeBalanceOf(account)),
            );
          }
          if (mine === balanceSequence) set({ balance });
        } catch {
          // An unknown balance only hides "above balance" checks and Max; the wallet still refuses overspending.
          if (mine === balanceSequence) set({ balance: undefined });
        }
      },
    };
  };

/**
 * Answers meaning the wallet does not know `wallet_requestPermissions`: EIP-1193's 4200 (unsupported method) and
 * JSON-RPC's -32601 (method not found).
 */
const isUnsupported = (err: unknown) => err instanceof WalletRequestError && (err.code === 4200 || err.code === -32601);

/** The balance read through the background's trusted RPC for the chain; undefined when it has none or cannot read. */
async function trustedBalance(
  deps: PopupDeps,
  chainId: number,
  tokenAddress: string,
  owner: `0x${string}`,
): Promise<bigint | undefined> {
  const token = (isNativeToken(tokenAddress) ? NATIVE_TOKEN_ADDRESS : tokenAddress.toLowerCase()) as `0x${string}`;
  const { balances } = await deps.api.getBalances({ chainId, owner, tokens: [token] }).catch(() => ({ balances: {} }));
  const raw = (balances as Record<string, string>)[token];
  return raw === undefined ? undefined : BigInt(raw);
}
