import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { userMessage } from '../../errors/userMessage';
import { WalletUnavailableError } from '../../wallet/errors';
import type { SolanaWalletSession } from '../../wallet/solanaSession';
import type { TabWallet } from '../../wallet/tabWallet';
import type { PopupDeps } from './deps';
import type { PopupState, SolanaHolding, SolanaWalletSlice } from './types';

/** The Solana wallet's session and its tab connection, beside the store (not serialisable state). */
export type SolanaHandle = { session?: SolanaWalletSession; tab?: TabWallet; stopFollowing?: () => void };

export const createSolanaWalletSlice =
  (deps: PopupDeps, handle: SolanaHandle): StateCreator<PopupState, [], [], SolanaWalletSlice> =>
  (set, get) => {
    let reading = 0;
    const forget = () => {
      handle.stopFollowing?.();
      handle.tab?.close();
      Object.assign(handle, { session: undefined, tab: undefined, stopFollowing: undefined });
    };
    return {
      solanaStatus: 'idle',
      async connectSolanaWallet() {
        set({ solanaStatus: 'connecting', solanaMessage: undefined });
        forget();
        try {
          const tabId = get().tabId ?? (await deps.resolveTabId());
          if (tabId === undefined) throw new WalletUnavailableError(i18n.t('popup.execution.noTab'));
          // Its own connection to the tab: the EVM wallet's can close and reopen without cutting this one off.
          handle.tab = await deps.openTabWallet(tabId);
          const wallet = handle.tab.solanaWallets?.[0];
          if (!wallet) throw new WalletUnavailableError(i18n.t('wallet.solana.noWallet'));
          const { connectSolanaWallet } = await import('../../wallet/solanaSession');
          const session = await connectSolanaWallet(handle.tab, wallet.id);
          handle.session = session;
          handle.stopFollowing = session.onAccountChange(([address]) => {
            if (!address) return get().disconnectSolanaWallet();
            set({ solanaAddress: address, solanaBalances: undefined });
            void get().refreshSolanaBalances();
          });
          set({
            solanaStatus: 'connected',
            solanaWalletName: session.walletName,
            solanaAddress: session.address,
            solanaBalances: undefined,
            // Said at once: a wallet that cannot sign is no use as a source, however it connects.
            solanaMessage: wallet.features.includes('solana:signTransaction')
              ? undefined
              : i18n.t('wallet.solana.cannotSign', [wallet.name]),
          });
          void get().refreshSolanaBalances();
        } catch (err) {
          forget();
          set({ solanaStatus: 'error', solanaMessage: userMessage(err) });
        }
      },
      disconnectSolanaWallet() {
        forget();
        set({
          solanaStatus: 'idle',
          solanaMessage: undefined,
          solanaWalletName: undefined,
          solanaAddress: undefined,
          solanaBalances: undefined,
        });
      },
      async refreshSolanaBalances() {
        const mine = ++reading;
        const owner = get().solanaAddress;
        if (!owner) return;
        const answer = await deps.api.getSolanaBalances({ owner }).catch(() => ({ read: false as const }));
        if (!answer.read) {
          if (mine === reading) set({ solanaBalances: 'unknown' });
          return;
        }
        // Symbols and decimals from the listing (or the person's imports): an unlisted mint is only counted.
        const listed = await Promise.all(
          answer.tokens.map(async ({ mint, amount }) => {
            const token = await deps.api.getToken({ chainId: SOLANA_CHAIN_ID, address: mint }).catch(() => null);
            return token ? { mint, symbol: token.symbol, decimals: token.decimals, amount: BigInt(amount) } : undefined;
          }),
        );
        const holdings = listed.filter((h): h is SolanaHolding => h !== undefined);
        if (mine !== reading || get().solanaAddress !== owner) return;
        set({
          solanaBalances: { lamports: BigInt(answer.lamports), holdings, unlisted: listed.length - holdings.length },
        });
      },
    };
  };
