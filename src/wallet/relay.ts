import { type Browser, browser } from '#imports';
import { BRIDGE_HELLO_EVENT, bridgeChannel, type RelayInit, type ToPage, WALLET_PORT_NAME } from './bridgeConstants';
import { parseFromPage } from './bridgeProtocol';

const REGISTRY = Symbol.for('bridge-companion.wallet-relay');

/**
 * The isolated-world half of the wallet connection (entrypoints/wallet-relay.content). It holds no state beyond
 * the open port: it forwards the popup's messages to the MAIN-world bridge and passes back only messages that
 * validate, from the session's channel.
 */
export function startWalletRelay(win: Window & typeof globalThis): void {
  // The popup injects this script on every opening; the previous copy's listener is removed first.
  const registry = win as unknown as Record<symbol, (() => void) | undefined>;
  registry[REGISTRY]?.();

  const onConnect = (port: Browser.runtime.Port) => {
    if (port.name !== WALLET_PORT_NAME || port.sender?.id !== browser.runtime.id) return;
    let channel: string | undefined;
    const onOut = (event: Event) => {
      const message = parseFromPage((event as CustomEvent).detail);
      if (message) port.postMessage(message);
    };
    port.onMessage.addListener((raw: unknown) => {
      const message = raw as RelayInit | ToPage;
      if (message.type === 'init') {
        if (channel || !/^[0-9a-f]{32}$/.test(message.nonce)) return;
        channel = bridgeChannel(message.nonce);
        win.addEventListener(`${channel}:out`, onOut);
        win.dispatchEvent(new CustomEvent(BRIDGE_HELLO_EVENT, { detail: message.nonce }));
      } else if (channel) {
        win.dispatchEvent(new CustomEvent(`${channel}:in`, { detail: JSON.stringify(message) }));
      }
    });
    port.onDisconnect.addListener(() => {
      if (channel) win.removeEventListener(`${channel}:out`, onOut);
    });
  };
  browser.runtime.onConnect.addListener(onConnect);
  registry[REGISTRY] = () => browser.runtime.onConnect.removeListener(onConnect);
}
