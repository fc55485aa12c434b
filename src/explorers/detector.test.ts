import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DetectorEnv, LOAD_CARD_MESSAGE, startDetector } from './detector';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

type Sent = { message: { id: number; type: string; data: { url: string; page: string }; timestamp: number } };

/** A page with an address bar, event targets and a runtime whose answers the test gives by hand. */
function fakePage(href: string, { navigationApi = true } = {}) {
  const listeners = new Map<string, Set<() => void>>();
  const target = (prefix: string) => ({
    addEventListener(type: string, listener: () => void) {
      const set = listeners.get(`${prefix}${type}`) ?? new Set();
      set.add(listener);
      listeners.set(`${prefix}${type}`, set);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(`${prefix}${type}`)?.delete(listener);
    },
  });
  let url = new URL(href);
  const sent: Sent[] = [];
  const callbacks: ((response: unknown) => void)[] = [];
  let throws = false;
  let runtimeTouched = false;
  const env: DetectorEnv = {
    runtime: () => {
      runtimeTouched = true;
      return {
        sendMessage(message, callback) {
          if (throws) throw new Error('Extension context invalidated.');
          sent.push({ message: message as Sent['message'] });
          callbacks.push(callback);
        },
      };
    },
    location: {
      get href() {
        return url.href;
      },
      get pathname() {
        return url.pathname;
      },
    },
    navigations: navigationApi
      ? { target: target('navigation:'), type: 'currententrychange' }
      : { target: target('window:'), type: 'popstate' },
  };
  return {
    env,
    sent,
    /** Same-document navigation as the page's router does it (pushState, or back/forward without the API). */
    navigate(path: string) {
      url = new URL(path, url);
      const type = navigationApi ? 'navigation:currententrychange' : 'window:popstate';
      for (const listener of [...(listeners.get(type) ?? [])]) listener();
    },
    answer(value: boolean | null) {
      callbacks.shift()?.(value === null ? undefined : { res: { ok: true, value } });
    },
    runtimeTouched: () => runtimeTouched,
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    breakRuntime() {
      throws = true;
    },
  };
}

describe('explorer detector', () => {
  it('asks nothing on a page that is not token-like, and only listens', () => {
    const page = fakePage('https://etherscan.io/blocks');
    startDetector(page.env);
    expect(page.sent).toEqual([]);
    expect(page.runtimeTouched()).toBe(false);
    expect(page.listenerCount()).toBe(1);
    page.navigate('/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060');
    page.navigate(`/token/${USDC}/holders`);
    expect(page.sent).toEqual([]);
  });

  it("asks the background in @webext-core/messaging's wire format and stops once the card is loaded", () => {
    const page = fakePage(`https://etherscan.io/token/${USDC}?a=1`);
    startDetector(page.env);
    expect(page.sent).toHaveLength(1);
    const { message } = page.sent[0]!;
    expect(message).toMatchObject({ type: LOAD_CARD_MESSAGE, data: { url: `https://etherscan.io/token/${USDC}?a=1` } });
    expect(message.type).toBe('loadExplorerCard');
    expect(message.data.page).toMatch(/^[0-9a-z]{1,64}$/);
    expect(typeof message.timestamp).toBe('number');
    page.answer(true);
    // The card follows the page's navigation from here on.
    expect(page.listenerCount()).toBe(0);
    page.navigate(`/token/${WETH}`);
    expect(page.sent).toHaveLength(1);
  });

  it('asks again after a single-page navigation to another token-like path, not for a query or hash change', () => {
    const page = fakePage(`https://etherscan.io/token/${USDC}`);
    startDetector(page.env);
    page.answer(false);
    page.navigate(`/token/${USDC}#balances`);
    page.navigate(`/token/${USDC}?a=0x1`);
    expect(page.sent).toHaveLength(1);
    page.navigate('/blocks');
    page.navigate(`/address/${WETH}`);
    expect(page.sent.map((s) => s.message.data.url)).toEqual([
      `https://etherscan.io/token/${USDC}`,
      `https://etherscan.io/address/${WETH}`,
    ]);
    // One document, one page id.
    expect(new Set(page.sent.map((s) => s.message.data.page)).size).toBe(1);
  });

  it('sends one request at a time and looks at where the page is once the answer arrives', () => {
    const page = fakePage('https://eth.blockscout.com/');
    startDetector(page.env);
    page.navigate(`/token/${USDC}`);
    page.navigate(`/token/${WETH}`);
    expect(page.sent).toHaveLength(1);
    page.answer(false);
    expect(page.sent.map((s) => s.message.data.url)).toEqual([
      `https://eth.blockscout.com/token/${USDC}`,
      `https://eth.blockscout.com/token/${WETH}`,
    ]);
    // No answer at all (the worker could not reply): still listening.
    page.answer(null);
    expect(page.listenerCount()).toBe(1);
  });

  it('falls back to popstate without the Navigation API', () => {
    const page = fakePage('https://etherscan.io/', { navigationApi: false });
    startDetector(page.env);
    page.navigate(`/token/${USDC}`);
    expect(page.sent).toHaveLength(1);
  });

  it('stops when the extension can no longer be reached', () => {
    const page = fakePage('https://etherscan.io/');
    startDetector(page.env);
    page.breakRuntime();
    page.navigate(`/token/${USDC}`);
    expect(page.listenerCount()).toBe(0);
  });
});

describe('explorer detector bundle', () => {
  // Every explorer page pays for what these files import: nothing but the path check.
  it.each([
    ['detector.ts', ["'./tokenPath'"]],
    ['tokenPath.ts', []],
    ['../../entrypoints/explorer-detector.ts', ["'#imports'", "'../src/explorers/detector'"]],
  ])('%s imports only %j', (file, allowed) => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import .* from ('[^']+');$/gm)].map((m) => m[1]);
    expect(imports).toEqual(allowed);
    expect(source).not.toMatch(/\bimport\(/);
  });
});
