import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  getExtensionStorage,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { type RunningServer, startServer } from '../server/app';
import { serveExplorer } from './fixtures/explorers/serve';
import { CARD_HOST, cardOf, evaluateInExtensionWorld } from './harness/closedCard';
import { type FaultProxy, startFaultProxy } from './harness/faultProxy';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const TOKEN_PAGE = `https://etherscan.io/token/${USDC_ETH}`;
const ROUTES = '/v1/advanced/routes';
const API_KEY = 'bc-attack-test-key-0123456789';

/**
 * Attack 5 of issue #15: a page drives the inline card with synthetic events. Before, the card's shadow root was
 * open and its inputs took any event: 20 events made 57 routes requests with the person's API key. Every routes
 * request is counted by a proxy in front of the reference service.
 */
describe('a hostile explorer page against the inline card', () => {
  let service: RunningServer;
  let proxy: FaultProxy;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    service = await startServer({
      rateLimit: { disabled: true },
      keys: { keys: [{ key: API_KEY, tier: 'standard' }] },
    });
    proxy = await startFaultProxy(service.url);
    browser = await launchWithExtension();
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(proxy.url, { inlineQuotes: true, apiKey: API_KEY }),
    });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await service?.close();
  });

  const quotesShown = (page: Page) => cardOf(page).count('[data-testid="bc-quote"]');

  /** A token page whose own script, from the first line on, tries to capture any shadow root attached to it. */
  const openHostilePage = async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      const captured: ShadowRoot[] = [];
      (window as unknown as { captured: ShadowRoot[] }).captured = captured;
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init: ShadowRootInit) {
        const root = attach.call(this, { ...init, mode: 'open' });
        captured.push(root);
        return root;
      };
    });
    await page.goto(TOKEN_PAGE);
    await expect.poll(() => quotesShown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    return page;
  };

  it('keeps the card out of the page: no root to find, and 20 rounds of synthetic events cause no request', async () => {
    const page = await openHostilePage();
    const card = cardOf(page);
    const amountBefore = await card.text('[data-testid="bc-quote-amount"]');
    const routesBefore = proxy.count(ROUTES);
    // One destination by default (the others on request): one search for the page view.
    expect(routesBefore).toBe(1);

    const seen = await page.evaluate(async (hostName) => {
      const host = document.querySelector(hostName) as HTMLElement;
      const captured = (window as unknown as { captured: ShadowRoot[] }).captured;
      const found = { openRoot: host.shadowRoot !== null, captured: captured.length, inputs: 0 };
      for (let i = 0; i < 20; i++) {
        // Open-root lookups: the host's root, a captured root, a query through the light DOM.
        const input =
          host.shadowRoot?.querySelector('input') ??
          captured[0]?.querySelector('input') ??
          document.querySelector(`${hostName} input`);
        if (input) {
          found.inputs++;
          (input as HTMLInputElement).value = String(1000 + i);
          input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
        }
        // Events on the host itself, hoping they reach the card's handlers.
        host.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: String(i) }));
        host.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
        host.dispatchEvent(new KeyboardEvent('keydown', { key: String(i % 10), bubbles: true, composed: true }));
        host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
        host.click();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return found;
    }, CARD_HOST);
    expect(seen).toEqual({ openRoot: false, captured: 0, inputs: 0 });

    // A script that got hold of the elements anyway (run here from the extension's own world, which can reach the
    // closed root): every handler ignores events the person did not make.
    expect(await card.synthetic('[data-testid="bc-amount"]', '777')).toBe(true);
    expect(await card.synthetic('[data-testid="bc-destination"]', '10')).toBe(true);
    expect(await card.synthetic('[data-testid="bc-open"]')).toBe(true);
    // Past the card's 400 ms debounce and a quote round trip.
    await page.waitForTimeout(1500);
    expect(proxy.count(ROUTES)).toBe(routesBefore);
    expect(await card.text('[data-testid="bc-quote-amount"]')).toBe(amountBefore);
    const popups = await browser.serviceWorker.evaluate(async () => {
      const { chrome } = globalThis as unknown as {
        chrome: { runtime: { getContexts(f: object): Promise<unknown[]> } };
      };
      return (await chrome.runtime.getContexts({ contextTypes: ['POPUP', 'TAB'] })).length;
    });
    expect(popups).toBe(0);

    // The person's own typing still works.
    await card.fill('[data-testid="bc-amount"]', '250');
    await expect.poll(() => proxy.count(ROUTES), { timeout: 10_000 }).toBe(routesBefore + 1);
    await page.close();
  });

  it('bounds what a page reloading itself can spend: later loads are answered from the shared quotes', async () => {
    // Only this tab's requests: the earlier test's tab is closed.
    const since = Date.now();
    const page = await openHostilePage();
    // Each load injects a new card that asks for its quote; the background answers the same token, amount and
    // destination from the quotes it shares across tabs for minutes, and any search it does make is taken from the
    // tab's budget, shared by every card the tab loads. (The budget's calm refusal is tested in
    // src/explorerCard/messages/ and loader/quoteBudget.test.ts: a page can no longer make the card search again.)
    for (let loads = 0; loads < 20; loads++) {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect.poll(() => quotesShown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    }
    const spent = proxy.requests.filter((r) => r.path === ROUTES && r.at >= since).map((r) => r.at);
    // At most the first load's search (none when the earlier test's quote is still shared), where 20 loads of three
    // searches each once ran into the tab's budget.
    expect(spent.length).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('keeps the API key out of every content-script world: storage.local is for the extension only', async () => {
    const page = await openHostilePage();
    const readSettings = () =>
      evaluateInExtensionWorld(page, `chrome.storage.local.get('settings').then((all) => JSON.stringify(all))`);
    const read = await readSettings();
    expect(read?.value).toBeUndefined();
    expect(read?.error).toMatch(/Access to storage is not allowed from this context/);
    // Chrome's default, for contrast: a content-script world reads the key. The worker sets the level back at once.
    const setLevel = (accessLevel: string) =>
      browser.serviceWorker.evaluate(async (level) => {
        const { chrome } = globalThis as unknown as {
          chrome: { storage: { local: { setAccessLevel(o: object): Promise<void> } } };
        };
        await chrome.storage.local.setAccessLevel({ accessLevel: level });
      }, accessLevel);
    await setLevel('TRUSTED_AND_UNTRUSTED_CONTEXTS');
    try {
      expect((await readSettings())?.value).toContain(API_KEY);
    } finally {
      await setLevel('TRUSTED_CONTEXTS');
    }
    expect((await readSettings())?.error).toMatch(/not allowed/);
    // The worker still reads it, and the key did reach the service with the card's requests (through the background).
    expect(await getExtensionStorage(browser.serviceWorker, 'settings')).toMatchObject({ apiKey: API_KEY });
    expect(proxy.requests.find((r) => r.path === ROUTES)?.headers['x-api-key']).toBe(API_KEY);
    await page.close();
  });
});
