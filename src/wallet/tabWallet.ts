import * as v from 'valibot';
import { i18n } from '#i18n';
import { browser } from '#imports';
import { WalletRejectedError, WalletRequestError, WalletUnavailableError } from './errors';
import {
  type RelayedMethod,
  type SolanaRelayedMethod,
  type ToPage,
  WALLET_PORT_NAME,
  type WatchedRequest,
} from './pageChannel';
import {
  type FromPage,
  FromPageSchema,
  type RpcError,
  type SolanaWalletInfo,
  type WalletInfo,
} from './pageChannelSchemas';
import { createPendingRequests } from './pendingRequests';
import { whyTabCannotHostWallet } from './tabSupport';

export type WalletEvent = { walletId: string; event: 'accountsChanged' | 'chainChanged'; data: unknown };

/** The page wallets of one tab, reached through the relay content script and the MAIN-world page script. */
export type TabWallet = {
  tabId: number;
  /** EVM wallets (EIP-6963, else window.ethereum). */
  wallets: WalletInfo[];
  /** Solana wallets (the Wallet Standard; solanaSession.ts); a tab wallet made for EVM only may leave it out. */
  solanaWallets?: SolanaWalletInfo[];
  /** `watchId`: the expectation registered for this send (expectTransfer); the relay reports the hash with it. */
  request(
    walletId: string,
    method: RelayedMethod | SolanaRelayedMethod,
    params?: unknown[],
    what?: string,
    options?: { watchId?: string },
  ): Promise<unknown>;
  onEvent(listener: (event: WalletEvent) => void): () => void;
  /**
   * Stops waiting for every request still out (the person clicked "Stop waiting"): each rejects with `error(what)`.
   * The page may still answer later; the answer is ignored (a transfer it sends is reported by the relay).
   */
  stopWaiting(error: (what: string) => Error): void;
  close(): void;
};

const READY_TIMEOUT_MS = 3000;
/** Reads the page's wallet answers without asking anyone: a page that has not answered by then never will. */
export const READ_TIMEOUT_MS = 30_000;
/** Requests the person decides on in the wallet: no time-out, the person can take as long as they need. */
const DECIDED_BY_PERSON: ReadonlySet<RelayedMethod | SolanaRelayedMethod> = new Set([
  'standard:connect',
  'solana:signTransaction',
  'eth_requestAccounts',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_requestPermissions',
]);

/** A wallet's error answer as the error thrown: declined (4001), or the wallet's own words about `what`. */
export function walletAnswerError({ code, message }: RpcError, what: string): Error {
  return code === 4001
    ? new WalletRejectedError(what)
    : new WalletRequestError(i18n.t('wallet.couldNotComplete', [what, message]), code, message);
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The tab the popup belongs to: `?tabId=` (tests open popup.html as a page) or the active tab. */
export async function resolveTargetTabId(search: string): Promise<number | undefined> {
  const fromUrl = Number(new URLSearchParams(search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** Injects the relay and the page script into the tab and lists its wallets. Throws WalletUnavailableError with advice. */
export async function openTabWallet(tabId: number): Promise<TabWallet> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const why = whyTabCannotHostWallet(tab?.url);
  if (why) throw new WalletUnavailableError(why);
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: ['/content-scripts/wallet-relay.js'] });
    await browser.scripting.executeScript({ target: { tabId }, world: 'MAIN', files: ['/page-channel.js'] });
  } catch (cause) {
    throw new WalletUnavailableError(i18n.t('wallet.noAccess'), { cause });
  }

  const port = browser.tabs.connect(tabId, { name: WALLET_PORT_NAME });
  const pending = createPendingRequests();
  const listeners = new Set<(event: WalletEvent) => void>();
  let nextId = 1;
  let onReady: (() => void) | undefined;
  let onWallets: ((wallets: { evm: WalletInfo[]; solana: SolanaWalletInfo[] }) => void) | undefined;
  let closed = false;

  port.onMessage.addListener((raw: unknown) => {
    // The relay validated already; the popup validates again because the relay runs beside an untrusted page.
    const parsed = v.safeParse(FromPageSchema, raw);
    if (!parsed.success) return;
    const message: FromPage = parsed.output;
    if (message.type === 'ready') onReady?.();
    else if (message.type === 'wallets') onWallets?.({ evm: message.wallets, solana: message.solana });
    else if (message.type === 'event') for (const listener of listeners) listener(message);
    else if (message.type === 'response') {
      const entry = pending.take(message.id);
      if (!entry) return;
      if (message.error) entry.reject(walletAnswerError(message.error, entry.what));
      else entry.resolve(message.result);
    }
  });
  port.onDisconnect.addListener(() => {
    closed = true;
    pending.rejectAll(() => new WalletUnavailableError(i18n.t('wallet.pageGone')));
  });

  const post = (message: ToPage | WatchedRequest | { type: 'init'; nonce: string }) => {
    if (closed) throw new WalletUnavailableError(i18n.t('wallet.pageGone'));
    port.postMessage(message);
  };

  const withTimeout = <T>(register: (done: (value: T) => void) => void, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new WalletUnavailableError(what)), READY_TIMEOUT_MS);
      register((value) => {
        clearTimeout(timer);
        resolve(value);
      });
    });

  const ready = withTimeout<void>((done) => {
    onReady = done;
  }, i18n.t('wallet.pageSilent'));
  post({ type: 'init', nonce: randomNonce() });
  await ready;
  const wallets = withTimeout<{ evm: WalletInfo[]; solana: SolanaWalletInfo[] }>((done) => {
    onWallets = done;
  }, i18n.t('wallet.noWalletsAnswer'));
  post({ type: 'discover' });
  const { evm: found, solana } = await wallets;
  if (found.length === 0 && solana.length === 0) {
    port.disconnect();
    throw new WalletUnavailableError(i18n.t('wallet.noWallet'));
  }

  return {
    tabId,
    wallets: found,
    solanaWallets: solana,
    request(walletId, method, params, what = i18n.t('wallet.what.request'), options = {}) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.add(
          id,
          { resolve, reject, what },
          DECIDED_BY_PERSON.has(method)
            ? undefined
            : {
                ms: READ_TIMEOUT_MS,
                error: () => new WalletUnavailableError(i18n.t('wallet.noAnswer', [what])),
              },
        );
        try {
          post({
            type: 'request',
            id,
            walletId,
            method,
            params,
            ...(options.watchId ? { watchId: options.watchId } : {}),
          });
        } catch (err) {
          pending.take(id);
          reject(err);
        }
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopWaiting(error) {
      pending.rejectAll(error);
    },
    close() {
      closed = true;
      port.disconnect();
    },
  };
}
