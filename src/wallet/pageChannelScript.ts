/**
 * Runs in the page's MAIN world (entrypoints/page-channel.ts). Kept tiny and dependency-free: it only finds the
 * page's wallets (EIP-6963, then window.ethereum; Solana's through the Wallet Standard, pageSolanaWallets.ts) and
 * relays `request({method, params})` calls and account/chain events on the channels of the sessions that said hello
 * (the popup's, and the background's while it carries a confirmed transfer out). It starts nothing by itself.
 */
import {
  PAGE_CHANNEL_HELLO_EVENT,
  pageChannelName,
  RELAYED_METHODS,
  SOLANA_RELAYED_METHODS,
  SOLANA_WALLET_ID_PREFIX,
} from './pageChannel';
import { startSolanaWallets } from './pageSolanaWallets';

type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (data: unknown) => void): void;
};
type Announced = { info: { uuid: string; name: string; icon?: string; rdns?: string }; provider: Eip1193 };

const INSTALLED = Symbol.for('bridge-companion.page-channel');
/** Sessions served at once: the background's, the open popup's, and a few recently closed popups'. */
const MAX_CHANNELS = 6;

export function startPageChannel(win: Window & typeof globalThis): void {
  const host = win as unknown as Record<symbol, boolean>;
  if (host[INSTALLED]) return;
  host[INSTALLED] = true;

  const providers = new Map<string, Announced>();
  const listening = new WeakSet<Eip1193>();
  // Every session that said hello, oldest first: the popup and the background (which carries a confirmed transfer
  // on) talk to the wallet at the same time, and a reopened popup must not cut the background off, nor the reverse.
  const channels: { name: string; listener: (event: Event) => void }[] = [];

  const post = (message: unknown, on: string) =>
    win.dispatchEvent(new CustomEvent(`${on}:out`, { detail: JSON.stringify(message) }));

  const watch = (id: string, provider: Eip1193) => {
    if (listening.has(provider) || typeof provider.on !== 'function') return;
    listening.add(provider);
    for (const event of ['accountsChanged', 'chainChanged']) {
      provider.on(event, (data) => {
        for (const { name } of channels) post({ type: 'event', walletId: id, event, data }, name);
      });
    }
  };

  const solana = startSolanaWallets(win, (walletId, addresses) => {
    for (const { name } of channels) post({ type: 'event', walletId, event: 'accountsChanged', data: addresses }, name);
  });

  win.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent).detail as Announced | undefined;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
    // Solana wallets' ids are the page script's own: an announced id cannot take one.
    if (String(detail.info.uuid).startsWith(SOLANA_WALLET_ID_PREFIX)) return;
    providers.set(detail.info.uuid, detail);
  });

  const listWallets = () => {
    const found = [...providers.values()].map(({ info }) => ({
      id: info.uuid,
      name: String(info.name).slice(0, 100),
      rdns: info.rdns,
      icon: typeof info.icon === 'string' && info.icon.startsWith('data:image/') ? info.icon : undefined,
    }));
    const legacy = (win as unknown as { ethereum?: Eip1193 }).ethereum;
    if (found.length === 0 && legacy && typeof legacy.request === 'function') {
      providers.set('window.ethereum', { info: { uuid: 'window.ethereum', name: 'Browser wallet' }, provider: legacy });
      found.push({ id: 'window.ethereum', name: 'Browser wallet', rdns: undefined, icon: undefined });
    }
    return found;
  };

  const onRequest = async (
    asked: string,
    message: { id: number; walletId: string; method: string; params?: unknown[] },
  ) => {
    // Answered on the channel that asked: each session's request ids start at 1.
    const reply = (answer: object) => post({ type: 'response', id: message.id, ...answer }, asked);
    if (message.walletId.startsWith(SOLANA_WALLET_ID_PREFIX)) {
      if (!(SOLANA_RELAYED_METHODS as readonly string[]).includes(message.method)) {
        return reply({ error: { code: 4200, message: 'Method not relayed' } });
      }
      try {
        return reply(await solana.request(message.walletId, message.method, message.params));
      } catch (err) {
        return reply({ error: errorOf(err) });
      }
    }
    const entry = providers.get(message.walletId);
    if (!entry) return reply({ error: { code: 4900, message: 'Wallet not found' } });
    if (!(RELAYED_METHODS as readonly string[]).includes(message.method)) {
      return reply({ error: { code: 4200, message: 'Method not relayed' } });
    }
    watch(message.walletId, entry.provider);
    try {
      const result = await entry.provider.request({ method: message.method, params: message.params });
      reply({ result });
    } catch (err) {
      reply({ error: errorOf(err) });
    }
  };

  const onIncoming = (event: Event, asked: string) => {
    let message: { type?: unknown; id?: unknown; walletId?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(String((event as CustomEvent).detail));
    } catch {
      return;
    }
    if (message.type === 'discover') {
      win.dispatchEvent(new Event('eip6963:requestProvider'));
      // Wallets answer synchronously in practice; a short wait catches the ones that do not.
      setTimeout(() => post({ type: 'wallets', wallets: listWallets(), solana: solana.list() }, asked), 150);
    } else if (
      message.type === 'request' &&
      typeof message.id === 'number' &&
      typeof message.walletId === 'string' &&
      typeof message.method === 'string'
    ) {
      void onRequest(asked, {
        id: message.id,
        walletId: message.walletId,
        method: message.method,
        params: Array.isArray(message.params) ? message.params : undefined,
      });
    }
  };

  win.addEventListener(PAGE_CHANNEL_HELLO_EVENT, (event) => {
    const nonce = (event as CustomEvent).detail;
    if (typeof nonce !== 'string' || !/^[0-9a-f]{32}$/.test(nonce)) return;
    const name = pageChannelName(nonce);
    if (channels.some((c) => c.name === name)) return;
    const listener = (incoming: Event) => onIncoming(incoming, name);
    win.addEventListener(`${name}:in`, listener);
    channels.push({ name, listener });
    // Sessions end without saying so (a popup closes): the oldest beyond a handful are dropped.
    for (const old of channels.splice(0, Math.max(0, channels.length - MAX_CHANNELS))) {
      win.removeEventListener(`${old.name}:in`, old.listener);
    }
    post({ type: 'ready' }, name);
  });
  win.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** A wallet's thrown error as the channel carries it: its numeric code, if any, and its message. */
function errorOf(err: unknown): { code: number | undefined; message: string } {
  const e = err as { code?: unknown; message?: unknown };
  return { code: typeof e?.code === 'number' ? e.code : undefined, message: String(e?.message ?? err).slice(0, 2000) };
}
