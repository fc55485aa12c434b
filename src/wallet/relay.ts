import { type Browser, browser } from '#imports';
import { sendMessage } from '../messaging/protocol';
import {
  PAGE_CHANNEL_HELLO_EVENT,
  pageChannelName,
  type RelayInit,
  type ToPage,
  WALLET_PORT_NAME,
  WATCH_ID_PATTERN,
  WATCH_KEEPALIVE_MS,
  type WatchedRequest,
} from './pageChannel';
import { parseFromPage } from './pageChannelSchemas';

const REGISTRY = Symbol.for('bridge-companion.wallet-relay');
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export type RelayOptions = {
  /** How a watched transaction hash reaches the background (tests pass a fake). */
  report?: (watchId: string, txHash: `0x${string}`) => Promise<void>;
  /** How long to keep listening for watched answers after the popup closed. */
  keepAliveMs?: number;
};

/**
 * The isolated-world half of the wallet connection (entrypoints/wallet-relay.content). It forwards the popup's
 * messages to the MAIN-world page script and passes back only messages that validate, from the session's channel.
 *
 * Its only state is per popup session: the port, the channel, and which pending requests are the transfer's
 * eth_sendTransaction (request id → watch ID). When the wallet answers one of those with a hash, the relay reports
 * it to the background, popup open or not: a person who closed the popup while the wallet was deciding still gets
 * the transfer tracked. After the popup disconnects, the page listener stays only while watched requests are
 * pending, and at most `keepAliveMs`.
 */
export function startWalletRelay(win: Window & typeof globalThis, options: RelayOptions = {}): void {
  const report = options.report ?? reportToBackground;
  const keepAliveMs = options.keepAliveMs ?? WATCH_KEEPALIVE_MS;
  // The popup injects this script on every opening; the previous copy's listener is removed first. Its sessions'
  // page listeners live on until their own ports close (and their watched answers arrive or time out).
  const registry = win as unknown as Record<symbol, (() => void) | undefined>;
  registry[REGISTRY]?.();

  const onConnect = (port: Browser.runtime.Port) => {
    if (port.name !== WALLET_PORT_NAME || port.sender?.id !== browser.runtime.id) return;
    let channel: string | undefined;
    let connected = true;
    let keepAlive: ReturnType<typeof setTimeout> | undefined;
    const watched = new Map<number, string>();

    const stop = () => {
      if (channel) win.removeEventListener(`${channel}:out`, onOut);
      watched.clear();
      clearTimeout(keepAlive);
    };
    const onOut = (event: Event) => {
      const message = parseFromPage((event as CustomEvent).detail);
      if (!message) return;
      if (message.type === 'response' && watched.has(message.id)) {
        const watchId = watched.get(message.id)!;
        watched.delete(message.id);
        // The background checks the hash and the watch ID again: this answer comes from the page.
        if (typeof message.result === 'string' && TX_HASH.test(message.result)) {
          void report(watchId, message.result as `0x${string}`);
        }
        if (!connected && watched.size === 0) stop();
      }
      if (connected) port.postMessage(message);
    };
    const toPage = (message: ToPage) =>
      win.dispatchEvent(new CustomEvent(`${channel}:in`, { detail: JSON.stringify(message) }));

    port.onMessage.addListener((raw: unknown) => {
      const message = raw as RelayInit | WatchedRequest | ToPage;
      if (message.type === 'init') {
        if (channel || !/^[0-9a-f]{32}$/.test(message.nonce)) return;
        channel = pageChannelName(message.nonce);
        win.addEventListener(`${channel}:out`, onOut);
        win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: message.nonce }));
      } else if (channel && message.type === 'request') {
        const { watchId, ...request } = message as WatchedRequest;
        if (typeof watchId === 'string' && WATCH_ID_PATTERN.test(watchId)) watched.set(request.id, watchId);
        toPage(request);
      } else if (channel) {
        toPage(message);
      }
    });
    port.onDisconnect.addListener(() => {
      connected = false;
      if (watched.size === 0) stop();
      else keepAlive = setTimeout(stop, keepAliveMs);
    });
  };
  browser.runtime.onConnect.addListener(onConnect);
  registry[REGISTRY] = () => browser.runtime.onConnect.removeListener(onConnect);
}

const REPORT_ATTEMPTS = 3;

/**
 * Sends the hash to the background. A message can fail while the service worker (re)starts ("Receiving end does
 * not exist"), so a few tries a second or two apart; a refusal (unknown or expired watch) is final.
 */
async function reportToBackground(watchId: string, txHash: `0x${string}`): Promise<void> {
  for (let attempt = 1; attempt <= REPORT_ATTEMPTS; attempt++) {
    try {
      const reply = await sendMessage('reportSentTransaction', { watchId, txHash });
      if (!reply.ok) console.warn('[bridge-companion] sent transaction not recorded:', reply.error.shortMessage);
      return;
    } catch (err) {
      if (attempt === REPORT_ATTEMPTS) console.warn('[bridge-companion] could not report a sent transaction', err);
      else await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}
