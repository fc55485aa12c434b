import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PAGE_CHANNEL_HELLO_EVENT, pageChannelName, WALLET_PORT_NAME } from './pageChannel';
import { startWalletRelay } from './relay';

const NONCE = '0123456789abcdef0123456789abcdef';
const WATCH = 'feedfacefeedfacefeedfacefeedface';
const HASH = `0x${'ab'.repeat(32)}`;
const CHANNEL = pageChannelName(NONCE);

type Listener = (...args: unknown[]) => void;
const fakeEvent = () => {
  const listeners = new Set<Listener>();
  return {
    addListener: (l: Listener) => void listeners.add(l),
    removeListener: (l: Listener) => void listeners.delete(l),
    hasListener: (l: Listener) => listeners.has(l),
    trigger: (...args: unknown[]) => {
      for (const l of listeners) l(...args);
    },
  };
};

/** A page (the relay's window) whose "bridge" records what reaches it and answers on the session channel. */
function setup(options: { keepAliveMs?: number } = {}) {
  const onConnect = fakeEvent();
  // fakeBrowser does not implement runtime.onConnect.
  Object.assign(fakeBrowser.runtime, { onConnect });
  const win = new EventTarget() as Window & typeof globalThis;
  const toPage: Record<string, unknown>[] = [];
  win.addEventListener(PAGE_CHANNEL_HELLO_EVENT, () => {
    win.addEventListener(`${CHANNEL}:in`, (e) => toPage.push(JSON.parse(String((e as CustomEvent).detail))));
  });
  const report = vi.fn(async (_watchId: string, _txHash: `0x${string}`) => undefined);
  startWalletRelay(win, { report, keepAliveMs: options.keepAliveMs ?? 60_000 });

  const port = {
    name: WALLET_PORT_NAME,
    sender: { id: fakeBrowser.runtime.id },
    onMessage: fakeEvent(),
    onDisconnect: fakeEvent(),
    postMessage: vi.fn(),
  };
  onConnect.trigger(port);
  port.onMessage.trigger({ type: 'init', nonce: NONCE });
  const answer = (message: object) =>
    win.dispatchEvent(new CustomEvent(`${CHANNEL}:out`, { detail: JSON.stringify({ type: 'response', ...message }) }));
  const request = (id: number, watchId?: string) =>
    port.onMessage.trigger({
      type: 'request',
      id,
      walletId: 'w1',
      method: 'eth_sendTransaction',
      params: [{}],
      ...(watchId === undefined ? {} : { watchId }),
    });
  return { win, port, toPage, report, answer, request };
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.useRealTimers());

describe('wallet relay', () => {
  it('keeps the watch ID from the page and reports the watched hash while passing it to the popup', () => {
    const relay = setup();
    relay.request(1, WATCH);
    expect(relay.toPage).toEqual([
      { type: 'request', id: 1, walletId: 'w1', method: 'eth_sendTransaction', params: [{}] },
    ]);
    expect(JSON.stringify(relay.toPage)).not.toContain(WATCH);
    relay.answer({ id: 1, result: HASH });
    expect(relay.report).toHaveBeenCalledExactlyOnceWith(WATCH, HASH);
    expect(relay.port.postMessage).toHaveBeenCalledWith({ type: 'response', id: 1, result: HASH });
    // Answered once: a forged second answer for the same id reports nothing more.
    relay.answer({ id: 1, result: `0x${'cd'.repeat(32)}` });
    expect(relay.report).toHaveBeenCalledTimes(1);
  });

  it('still reports after the popup disconnected, then stops listening to the page', () => {
    const relay = setup();
    relay.request(1, WATCH);
    relay.port.onDisconnect.trigger();
    relay.answer({ id: 1, result: HASH });
    expect(relay.report).toHaveBeenCalledExactlyOnceWith(WATCH, HASH);
    expect(relay.port.postMessage).not.toHaveBeenCalled();
    const remove = vi.spyOn(relay.win, 'removeEventListener');
    relay.answer({ id: 2, result: HASH });
    expect(remove).not.toHaveBeenCalled();
    expect(relay.report).toHaveBeenCalledTimes(1);
  });

  it('gives up on a watched answer after the keep-alive once the popup is gone', () => {
    vi.useFakeTimers();
    const relay = setup({ keepAliveMs: 1_000 });
    relay.request(1, WATCH);
    relay.port.onDisconnect.trigger();
    vi.advanceTimersByTime(1_001);
    relay.answer({ id: 1, result: HASH });
    expect(relay.report).not.toHaveBeenCalled();
  });

  it('stops listening at once when the popup leaves with nothing watched', () => {
    const relay = setup();
    relay.request(1);
    relay.port.onDisconnect.trigger();
    relay.answer({ id: 1, result: HASH });
    expect(relay.report).not.toHaveBeenCalled();
    expect(relay.port.postMessage).not.toHaveBeenCalled();
  });

  it.each([
    ['an unwatched request', undefined, { result: HASH }],
    ['a malformed watch ID', 'WATCH', { result: HASH }],
    ['a refusal', WATCH, { error: { code: 4001, message: 'User rejected' } }],
    ['an answer that is not a hash', WATCH, { result: '0x1234' }],
  ])('reports nothing for %s', (_name, watchId, answer) => {
    const relay = setup();
    relay.request(1, watchId);
    relay.answer({ id: 1, ...answer });
    expect(relay.report).not.toHaveBeenCalled();
    expect(relay.port.postMessage).toHaveBeenCalledTimes(1);
  });

  it('ignores ports from elsewhere', () => {
    const relay = setup();
    const stranger = { ...relay.port, sender: { id: 'another-extension' }, onMessage: fakeEvent() };
    (fakeBrowser.runtime.onConnect as unknown as ReturnType<typeof fakeEvent>).trigger(stranger);
    stranger.onMessage.trigger({ type: 'init', nonce: 'fedcba9876543210fedcba9876543210' });
    expect(relay.toPage).toEqual([]);
  });
});
