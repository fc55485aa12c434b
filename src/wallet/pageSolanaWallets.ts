/**
 * The Solana half of the MAIN-world page script (pageChannelScript.ts): finds the wallets the page registered with
 * the Wallet Standard and calls the two features the extension uses. Dependency-free like the rest of that script
 * (types only): the app side of the standard is two window events, written here against the page's `win`.
 *
 * Found as a dapp finds them: a `wallet-standard:app-ready` event whose detail is `{ register }`, which every wallet
 * already in the page answers by registering, and a `wallet-standard:register-wallet` listener for wallets that load
 * later (its detail is a callback handed the same `{ register }`). Listed: wallets offering `solana:mainnet` and
 * `standard:connect`. Everything a wallet answers is the page's word: the popup validates it again.
 */

import type { SolanaSignTransactionFeature } from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import { SOLANA_SIGNING_FEATURES, SOLANA_WALLET_CHAIN, SOLANA_WALLET_ID_PREFIX } from './pageChannel';

/** Registrations kept at most: a page registering without end is not followed further. */
const MAX_REGISTERED = 50;

export type SolanaListing = { id: string; name: string; icon?: string; features: string[] };
export type SolanaAnswer = { result: unknown } | { error: { code?: number; message: string } };

export type PageSolanaWallets = {
  list(): SolanaListing[];
  request(walletId: string, method: string, params: unknown[] | undefined): Promise<SolanaAnswer>;
};

/**
 * Starts listening for Solana wallets on `win` and asks the ones already there to register. `onAccounts` hears each
 * wallet's `standard:events` change of accounts (base58 addresses), once the extension connected to it.
 */
export function startSolanaWallets(
  win: Window & typeof globalThis,
  onAccounts: (walletId: string, addresses: string[]) => void,
): PageSolanaWallets {
  const byId = new Map<string, Wallet>();
  const ids = new Map<Wallet, string>();
  const watched = new Set<Wallet>();
  let next = 0;

  const register = (...wallets: Wallet[]) => {
    for (const wallet of wallets) {
      if (ids.has(wallet) || ids.size >= MAX_REGISTERED || !wallet || typeof wallet !== 'object') continue;
      const id = `${SOLANA_WALLET_ID_PREFIX}${next++}`;
      ids.set(wallet, id);
      byId.set(id, wallet);
    }
    return () => {
      for (const wallet of wallets) {
        const id = ids.get(wallet);
        if (id === undefined) continue;
        ids.delete(wallet);
        byId.delete(id);
      }
    };
  };
  const api = Object.freeze({ register });
  win.addEventListener('wallet-standard:register-wallet', (event) => {
    const callback = (event as CustomEvent).detail;
    if (typeof callback !== 'function') return;
    try {
      callback(api);
    } catch {
      // A wallet's own failure stays its own.
    }
  });
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));

  const offersSolana = (wallet: Wallet) =>
    Array.isArray(wallet.chains) &&
    wallet.chains.includes(SOLANA_WALLET_CHAIN) &&
    typeof (wallet.features as Partial<StandardConnectFeature>)['standard:connect']?.connect === 'function';

  const addressesOf = (accounts: readonly WalletAccount[]) =>
    (Array.isArray(accounts) ? accounts : [])
      .filter((account) => Array.isArray(account?.chains) && account.chains.includes(SOLANA_WALLET_CHAIN))
      .map((account) => String(account.address))
      .slice(0, 20);

  const watch = (id: string, wallet: Wallet) => {
    const events = (wallet.features as Partial<StandardEventsFeature>)['standard:events'];
    if (watched.has(wallet) || typeof events?.on !== 'function') return;
    watched.add(wallet);
    events.on('change', (properties) => {
      if (properties?.accounts) onAccounts(id, addressesOf(properties.accounts));
    });
  };

  const connect = async (id: string, wallet: Wallet, params: unknown[] | undefined): Promise<SolanaAnswer> => {
    const silent = (params?.[0] as { silent?: unknown } | undefined)?.silent === true;
    const feature = (wallet.features as StandardConnectFeature)['standard:connect'];
    const { accounts } = await feature.connect(silent ? { silent: true } : undefined);
    watch(id, wallet);
    return { result: { accounts: addressesOf(accounts?.length ? accounts : wallet.accounts) } };
  };

  const signTransaction = async (wallet: Wallet, params: unknown[] | undefined): Promise<SolanaAnswer> => {
    const feature = (wallet.features as Partial<SolanaSignTransactionFeature>)['solana:signTransaction'];
    if (typeof feature?.signTransaction !== 'function') {
      return { error: { code: 4200, message: 'The wallet does not offer solana:signTransaction' } };
    }
    const input = params?.[0] as { account?: unknown; transaction?: unknown } | undefined;
    const account = wallet.accounts.find((a) => a.address === input?.account);
    if (!account) return { error: { code: 4100, message: 'The account is not connected to the wallet' } };
    if (typeof input?.transaction !== 'string') return { error: { code: -32602, message: 'No transaction' } };
    const transaction = Uint8Array.from(win.atob(input.transaction), (c) => c.charCodeAt(0));
    const [output] = await feature.signTransaction({ account, transaction, chain: SOLANA_WALLET_CHAIN });
    const signed = output?.signedTransaction;
    if (!(signed instanceof Uint8Array)) return { error: { message: 'The wallet answered without a transaction' } };
    return { result: { signedTransaction: win.btoa(String.fromCharCode(...signed)) } };
  };

  return {
    list() {
      const found: SolanaListing[] = [];
      for (const [id, wallet] of byId) {
        try {
          if (!offersSolana(wallet)) continue;
          const icon =
            typeof wallet.icon === 'string' && wallet.icon.startsWith('data:image/') ? wallet.icon : undefined;
          found.push({
            id,
            name: String(wallet.name).slice(0, 100),
            ...(icon ? { icon } : {}),
            features: SOLANA_SIGNING_FEATURES.filter((name) => name in wallet.features),
          });
        } catch {
          // A wallet whose properties throw is not listed.
        }
      }
      return found.slice(0, 20);
    },
    async request(walletId, method, params) {
      const wallet = byId.get(walletId);
      if (!wallet || !offersSolana(wallet)) return { error: { code: 4900, message: 'Wallet not found' } };
      if (method === 'standard:connect') return connect(walletId, wallet, params);
      if (method === 'solana:signTransaction') return signTransaction(wallet, params);
      return { error: { code: 4200, message: 'Method not relayed' } };
    },
  };
}
