import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { TokenPageVisit } from './cardLoader';
import { listenTokenPages, type NavigationDetails, TOKEN_PAGE_FILTER, tokenPageVisit } from './tokenPageEvents';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const details = (extra: Partial<NavigationDetails> = {}): NavigationDetails => ({
  tabId: 4,
  frameId: 0,
  url: `https://etherscan.io/token/${USDC}`,
  documentId: 'DOC',
  frameType: 'outermost_frame',
  documentLifecycle: 'active',
  ...extra,
});

describe('token page events', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps top-level, live documents of tabs at token-like http(s) URLs', () => {
    expect(tokenPageVisit(details())).toEqual({ tabId: 4, frameId: 0, documentId: 'DOC', url: details().url });
    // Firefox: no frameType or documentId; the top frame is frame 0.
    const firefox = { tabId: 4, frameId: 0, url: `https://arbiscan.io/address/${USDC}?a=1#x` };
    expect(tokenPageVisit(firefox)).toEqual(firefox);
    // A prerendered page (its own frame id) is a top-level document too; the card is ready when it is shown.
    expect(tokenPageVisit(details({ frameId: 12, documentLifecycle: 'prerender' }))?.frameId).toBe(12);
  });

  it('drops frames, background requests, dying documents and URLs that are not token pages', () => {
    for (const extra of [
      { frameType: 'sub_frame', frameId: 3 },
      { frameType: undefined, frameId: 3 },
      { tabId: -1 },
      { documentLifecycle: 'pending_deletion' },
      { url: 'https://etherscan.io/blocks' },
      { url: `https://etherscan.io/token/${USDC}/holders` },
      { url: `file:///token/${USDC}` },
      { url: 'not a url' },
    ] as Partial<NavigationDetails>[]) {
      expect(tokenPageVisit(details(extra)), JSON.stringify(extra)).toBeNull();
    }
  });

  it('wakes the worker only for token-like paths, on page loads and same-document navigations', async () => {
    expect(TOKEN_PAGE_FILTER.url.map((f) => f.pathContains)).toEqual(['/token/0x', '/address/0x']);
    const seen: TokenPageVisit[] = [];
    const stop = listenTokenPages((visit) => seen.push(visit));
    await fakeBrowser.webNavigation.onDOMContentLoaded.trigger(details() as never);
    await fakeBrowser.webNavigation.onHistoryStateUpdated.trigger(
      details({ url: `https://etherscan.io/address/${USDC}` }) as never,
    );
    await fakeBrowser.webNavigation.onHistoryStateUpdated.trigger(details({ frameType: 'sub_frame' }) as never);
    expect(seen.map((v) => new URL(v.url).pathname)).toEqual([`/token/${USDC}`, `/address/${USDC}`]);
    stop();
    await fakeBrowser.webNavigation.onDOMContentLoaded.trigger(details() as never);
    expect(seen).toHaveLength(2);
  });
});
