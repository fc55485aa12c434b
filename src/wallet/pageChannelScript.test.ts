import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../testing/popup/dom';
import { PAGE_CHANNEL_HELLO_EVENT, pageChannelName } from './pageChannel';
import { parseFromPage } from './pageChannelSchemas';
import { startPageChannel } from './pageChannelScript';

const NONCE = '0123456789abcdef0123456789abcdef';

function fakePage() {
  const win = new EventTarget() as EventTarget & Record<string, unknown>;
  const out: unknown[] = [];
  const listeners: Record<string, (data: unknown) => void> = {};
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_sendTransaction') throw Object.assign(new Error('User rejected'), { code: 4001 });
      return method === 'eth_chainId' ? '0x1' : ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'];
    }),
    on: (event: string, listener: (data: unknown) => void) => {
      listeners[event] = listener;
    },
  };
  win.addEventListener('eip6963:requestProvider', () => {
    win.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: 'w1', name: 'Dev Wallet', rdns: 'dev.x', icon: 'https://tracker.example/icon.png' },
          provider,
        },
      }),
    );
  });
  win.addEventListener(`${pageChannelName(NONCE)}:out`, (e) => out.push(JSON.parse(String((e as CustomEvent).detail))));
  startPageChannel(win as unknown as Window & typeof globalThis);
  const send = (message: unknown) =>
    win.dispatchEvent(new CustomEvent(`${pageChannelName(NONCE)}:in`, { detail: JSON.stringify(message) }));
  return { win, out, provider, listeners, send };
}

/** What the page script posted of this type, once it has posted `count` of them. */
const posted = (out: unknown[], type: string, count = 1) =>
  waitFor(`${count} × ${type}`, () => {
    const found = out.filter((m) => (m as { type: string }).type === type);
    return found.length >= count && found;
  });

describe('page bridge (MAIN world)', () => {
  it('does nothing until the relay says hello with a well-formed nonce', async () => {
    const page = fakePage();
    page.send({ type: 'request', id: 1, walletId: 'w1', method: 'eth_chainId' });
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: 'not-a-nonce' }));
    page.send({ type: 'discover' });
    expect(page.out).toEqual([]);
    // Then the relay's hello: the list it asks for comes a timer later than any answer to what came before would have.
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
    page.send({ type: 'discover' });
    await posted(page.out, 'wallets');
    expect(page.out.map((m) => (m as { type: string }).type)).toEqual(['ready', 'wallets']);
    expect(page.provider.request).not.toHaveBeenCalled();
  });

  it('lists EIP-6963 wallets, dropping remote icons', async () => {
    const page = fakePage();
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
    page.send({ type: 'discover' });
    await posted(page.out, 'wallets');
    expect(page.out).toEqual([
      { type: 'ready' },
      { type: 'wallets', wallets: [{ id: 'w1', name: 'Dev Wallet', rdns: 'dev.x' }], solana: [] },
    ]);
  });

  it('relays allowed requests and their errors, refuses everything else', async () => {
    const page = fakePage();
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
    page.send({ type: 'discover' });
    await posted(page.out, 'wallets');
    page.send({ type: 'request', id: 1, walletId: 'w1', method: 'eth_chainId' });
    page.send({ type: 'request', id: 2, walletId: 'w1', method: 'personal_sign', params: ['0x00'] });
    page.send({ type: 'request', id: 3, walletId: 'w1', method: 'eth_sendTransaction', params: [{}] });
    page.send({ type: 'request', id: 4, walletId: 'nope', method: 'eth_chainId' });
    const responses = await posted(page.out, 'response', 4);
    expect(responses).toHaveLength(4);
    expect(responses).toEqual(
      expect.arrayContaining([
        { type: 'response', id: 1, result: '0x1' },
        { type: 'response', id: 2, error: { code: 4200, message: 'Method not relayed' } },
        { type: 'response', id: 3, error: { code: 4001, message: 'User rejected' } },
        { type: 'response', id: 4, error: { code: 4900, message: 'Wallet not found' } },
      ]),
    );
    expect(page.provider.request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'personal_sign' }));
    page.listeners.chainChanged?.('0xa');
    expect(page.out.at(-1)).toEqual({ type: 'event', walletId: 'w1', event: 'chainChanged', data: '0xa' });
  });

  it('answers on the channel of the session that asked, even after a reopened popup said hello again', async () => {
    const page = fakePage();
    let approve: (hash: '0x1') => void = () => {};
    // The wallet holds the send until the person decides (the hash's type is the fake's, not a real hash's).
    page.provider.request.mockImplementationOnce(
      () =>
        new Promise<'0x1'>((resolve) => {
          approve = resolve;
        }),
    );
    const second = 'fedcba9876543210fedcba9876543210';
    const secondOut: unknown[] = [];
    page.win.addEventListener(`${pageChannelName(second)}:out`, (e) =>
      secondOut.push(JSON.parse(String((e as CustomEvent).detail))),
    );
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
    page.send({ type: 'request', id: 1, walletId: 'w1', method: 'eth_sendTransaction', params: [{}] });
    await waitFor('the wallet asked', () => page.provider.request.mock.calls.length > 0);
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: second }));
    approve(`0x${'ab'.repeat(32)}` as '0x1');
    await posted(page.out, 'response');
    // The new session's request ids start at 1 too: the old answer must not reach it.
    expect(page.out).toContainEqual({ type: 'response', id: 1, result: `0x${'ab'.repeat(32)}` });
    expect(secondOut).toEqual([{ type: 'ready' }]);
  });

  it('serves both sessions at once: the background carrying a transfer on and a popup opened meanwhile', async () => {
    const page = fakePage();
    const second = 'fedcba9876543210fedcba9876543210';
    const secondOut: unknown[] = [];
    page.win.addEventListener(`${pageChannelName(second)}:out`, (e) =>
      secondOut.push(JSON.parse(String((e as CustomEvent).detail))),
    );
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
    page.win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: second }));
    page.send({ type: 'request', id: 7, walletId: 'w1', method: 'eth_chainId' });
    page.win.dispatchEvent(
      new CustomEvent(`${pageChannelName(second)}:in`, {
        detail: JSON.stringify({ type: 'request', id: 7, walletId: 'w1', method: 'eth_accounts' }),
      }),
    );
    await posted(page.out, 'response');
    await posted(secondOut, 'response');
    expect(page.out).toContainEqual({ type: 'response', id: 7, result: '0x1' });
    expect(secondOut).toContainEqual({
      type: 'response',
      id: 7,
      result: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    });
    // A wallet event reaches every session.
    page.listeners.chainChanged?.('0xa');
    expect(page.out).toContainEqual({ type: 'event', walletId: 'w1', event: 'chainChanged', data: '0xa' });
    expect(secondOut).toContainEqual({ type: 'event', walletId: 'w1', event: 'chainChanged', data: '0xa' });
  });
});

describe('parseFromPage (relay and popup side)', () => {
  it('accepts valid messages only', () => {
    expect(parseFromPage(JSON.stringify({ type: 'response', id: 1, result: '0x1' }))).toEqual({
      type: 'response',
      id: 1,
      result: '0x1',
    });
    expect(parseFromPage('{not json')).toBeUndefined();
    expect(parseFromPage({ type: 'ready' })).toBeUndefined();
    expect(parseFromPage(JSON.stringify({ type: 'response', id: 'x' }))).toBeUndefined();
    expect(
      parseFromPage(
        JSON.stringify({ type: 'wallets', wallets: [{ id: 'a', name: 'A', icon: 'javascript:alert(1)' }] }),
      ),
    ).toBeUndefined();
    expect(parseFromPage(JSON.stringify({ type: 'event', walletId: 'a', event: 'message', data: 1 }))).toBeUndefined();
    expect(parseFromPage('x'.repeat(300_000))).toBeUndefined();
  });

  it('accepts Solana wallets only as the page script lists them', () => {
    const listing = (solana: unknown) => parseFromPage(JSON.stringify({ type: 'wallets', wallets: [], solana }));
    const good = { id: 'solana:0', name: 'Phantom', features: ['solana:signTransaction'] };
    expect(listing([good])).toEqual({ type: 'wallets', wallets: [], solana: [good] });
    expect(parseFromPage(JSON.stringify({ type: 'wallets', wallets: [] }))).toBeUndefined();
    for (const forged of [
      { ...good, id: 'w1' },
      { ...good, name: '' },
      { ...good, icon: 'javascript:alert(1)' },
      { ...good, features: ['solana:signMessage'] },
      { ...good, features: Array(3).fill('solana:signTransaction') },
    ]) {
      expect(listing([forged])).toBeUndefined();
    }
    expect(listing(Array.from({ length: 21 }, (_, i) => ({ ...good, id: `solana:${i}` })))).toBeUndefined();
  });
});
