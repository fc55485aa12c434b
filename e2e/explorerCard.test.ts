import type { Page, Worker } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentServiceWorker,
  type ExtensionBrowser,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type RunningServer, startServer } from '../server/app';
import { SOLANA_CHAIN_ID } from '../server/catalog/chainData';
import { serveExplorer } from './fixtures/explorers/serve';
import { cardOf } from './harness/closedCard';
import { stopServiceWorker } from './harness/serviceWorkers';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH_ETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const NOT_A_TOKEN = '0x1111111111111111111111111111111111111111';

/** The whole Settings object (src/storage/settings.ts), pointed at the test's reference service. */
const settingsFor = (apiBaseUrl: string, inlineQuotes = true) => testSettings(apiBaseUrl, { inlineQuotes });

// The card's shadow root is closed: these read it from the extension's own world (e2e/harness/closedCard.ts).
const cardText = (page: Page) => cardOf(page).text('[data-testid="bc-card"]');
const quoteCount = (page: Page) => cardOf(page).count('[data-testid="bc-quote"]');

type ChromeRuntime = {
  chrome: {
    runtime: { getContexts(f: object): Promise<{ contextType: string }[]> };
    tabs: { query(q: object): Promise<{ url?: string }[]> };
  };
};
/** Runs in the service worker: is the extension's popup open, as the action popup or as a tab? */
const popupOpen = async (extensionId: string) => {
  const { chrome } = globalThis as unknown as ChromeRuntime;
  const popups = await chrome.runtime.getContexts({ contextTypes: ['POPUP'] });
  const tabs = await chrome.tabs.query({ url: `chrome-extension://${extensionId}/popup.html` });
  return popups.length > 0 || tabs.length > 0;
};

/**
 * Records what the background leaves for the popup in session storage, as it is written (the popup takes it as
 * soon as it opens). One listener per worker; each call starts an empty record.
 */
async function recordPrefills(worker: Worker): Promise<() => Promise<{ prefill: Record<string, unknown> }[]>> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as {
      __prefills: unknown[];
      __prefillsHeard?: boolean;
      chrome: {
        storage: {
          onChanged: { addListener(f: (c: Record<string, { newValue?: unknown }>, a: string) => void): void };
        };
      };
    };
    g.__prefills = [];
    if (g.__prefillsHeard) return;
    g.__prefillsHeard = true;
    g.chrome.storage.onChanged.addListener((changes, area) => {
      if (area === 'session' && changes.prefill?.newValue) g.__prefills.push(changes.prefill.newValue);
    });
  });
  return () =>
    worker.evaluate(() => (globalThis as unknown as { __prefills: { prefill: Record<string, unknown> }[] }).__prefills);
}

/** Long enough for the content script, WXT's 1 s location watcher and a quote round trip to have happened. */
const SETTLE_MS = 2500;

describe('explorer card', () => {
  let service: RunningServer;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    // The reference service in-process, on a free loopback port (the manifest grants loopback hosts).
    service = await startServer({ rateLimit: { disabled: true } });
    browser = await launchWithExtension();
    await setExtensionStorage(browser.serviceWorker, { settings: settingsFor(service.url) });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
    await serveExplorer(browser.context, 'https://arbiscan.io', 'etherscan');
    await serveExplorer(browser.context, 'https://eth.blockscout.com', 'blockscout');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const open = async (url: string) => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // Which extension scripts the page compiled (isolated worlds included): the card on catalog token pages, nothing
    // anywhere else.
    const cdp = await browser.context.newCDPSession(page);
    const scripts: string[] = [];
    const prefix = `chrome-extension://${browser.extensionId}/`;
    cdp.on('Debugger.scriptParsed', ({ url: script }) => {
      if (script.startsWith(prefix)) scripts.push(script.slice(prefix.length));
    });
    await cdp.send('Debugger.enable');
    await page.goto(url);
    return { page, errors, scripts };
  };

  it('shows quotes for a catalog token on an Etherscan token page, after the token header', async () => {
    const { page, errors } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    // One destination by default (each costs a route search); the others are a choice away.
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => cardText(page)).toContain('Bridge USDC from Ethereum');
    expect(await cardOf(page).value('[data-testid="bc-amount"]')).toBe('100');
    const first = cardOf(page);
    expect(await first.text('[data-testid="bc-quote"]')).toMatch(/USDC/);
    expect(await first.text('[data-testid="bc-quote-tool"]')).toMatch(/^via /);
    expect(await first.text('[data-testid="bc-quote-duration"]')).toMatch(/^~\d+ (s|min|h)$/);
    // Placed right after the header row, inside the page's own layout.
    const placed = await page.evaluate(
      () => document.querySelector('bridge-companion-card')?.previousElementSibling?.className ?? '',
    );
    expect(placed).toContain('border-bottom');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('updates the quotes when the amount changes', async () => {
    const { page } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const amountOf = () => cardOf(page).text('[data-testid="bc-quote-amount"]');
    const before = await amountOf();
    // Typed with the keyboard: the card ignores synthetic input events.
    await cardOf(page).fill('[data-testid="bc-amount"]', '2500');
    await expect.poll(amountOf, { timeout: 10_000 }).not.toBe(before);
    const parsed = Number(((await amountOf()) ?? '').split(' ')[0]!.replaceAll(',', ''));
    expect(parsed).toBeGreaterThan(2000);
    expect(parsed).toBeLessThanOrEqual(2500);
    await page.close();
  });

  it('quotes USDC into a Solana wallet when Solana is picked as the destination', async () => {
    const { page, errors } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // Typed on the focused list, as a person picks an option by its first letters.
    await cardOf(page).choose('[data-testid="bc-destination"]', 'Solana');
    expect(await cardOf(page).value('[data-testid="bc-destination"]')).toBe(String(SOLANA_CHAIN_ID));
    const quote = () => cardOf(page).text('[data-testid="bc-quote"]');
    await expect.poll(quote, { timeout: 15_000 }).toMatch(/Solana/);
    expect(await quoteCount(page)).toBe(1);
    expect(await quote()).toMatch(/USDC/);
    expect(await cardOf(page).text('[data-testid="bc-quote-tool"]')).toMatch(/^via (Across|Relay)/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows single-page navigation: another token replaces the card, a non-token page removes it', async () => {
    const { page } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    await expect.poll(() => cardText(page), { timeout: 15_000 }).toContain('USDC');
    await page.evaluate((a) => history.pushState({}, '', `/token/${a}`), WETH_ETH);
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain('Bridge WETH from Ethereum');
    expect(await page.locator('bridge-companion-card').count()).toBe(1);
    await page.evaluate(() => history.pushState({}, '', '/blocks'));
    await expect.poll(() => page.locator('bridge-companion-card').count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });

  it('stays absent on non-token pages, unknown tokens and plain addresses, running no script of ours', async () => {
    for (const url of [
      'https://etherscan.io/',
      `https://etherscan.io/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060`,
      `https://etherscan.io/token/${NOT_A_TOKEN}`,
      `https://arbiscan.io/address/${NOT_A_TOKEN}`,
    ]) {
      const { page, errors, scripts } = await open(url);
      await page.waitForTimeout(SETTLE_MS);
      expect(await page.locator('bridge-companion-card').count(), url).toBe(0);
      expect(scripts, url).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('loads the card when a single-page navigation reaches a token page, and only then', async () => {
    const { page, errors, scripts } = await open('https://etherscan.io/blocks');
    await page.evaluate((a) => history.pushState({}, '', `/token/${a}`), NOT_A_TOKEN);
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    await page.evaluate((a) => history.pushState({}, '', `/token/${a}`), USDC_ETH);
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain('Bridge USDC from Ethereum');
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(scripts).toEqual(['content-scripts/explorer.js']);
    // Back to a non-token page and to another token: the card follows, injected once.
    await page.goBack();
    await page.evaluate((a) => history.pushState({}, '', `/token/${a}`), WETH_ETH);
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain('Bridge WETH from Ethereum');
    expect(await page.locator('bridge-companion-card').count()).toBe(1);
    expect(scripts).toEqual(['content-scripts/explorer.js']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('recognises a token on an address page of another Etherscan-family explorer', async () => {
    const { page } = await open(`https://arbiscan.io/address/${USDC_ARB}`);
    await expect.poll(() => cardText(page), { timeout: 15_000 }).toContain('Bridge USDC from Arbitrum');
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('waits for the late page title on Blockscout and follows its in-app navigation', async () => {
    const { page, errors } = await open(`https://eth.blockscout.com/token/${USDC_ETH}`);
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const anchored = await page.evaluate(
      () => document.querySelector('bridge-companion-card')?.previousElementSibling?.getAttribute('data-testid') ?? '',
    );
    expect(anchored).toBe('page-title');
    await page.evaluate(
      (a) => (window as unknown as { blockscoutNavigate(p: string): void }).blockscoutNavigate(`/token/${a}`),
      WETH_ETH,
    );
    await expect.poll(() => cardText(page), { timeout: 10_000 }).toContain('Bridge WETH from Ethereum');
    await page.evaluate(() =>
      (window as unknown as { blockscoutNavigate(p: string): void }).blockscoutNavigate('/blocks'),
    );
    await expect.poll(() => page.locator('bridge-companion-card').count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the extension prefilled from the card button', async () => {
    const worker = browser.serviceWorker;
    const prefills = await recordPrefills(worker);
    const { page } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const toChainId = Number(await cardOf(page).attribute('[data-testid="bc-quote"]', 'data-chain-id'));
    expect(await worker.evaluate(popupOpen, browser.extensionId)).toBe(false);
    await cardOf(page).click('[data-testid="bc-open"]');
    await expect.poll(async () => (await prefills()).length, { timeout: 10_000 }).toBe(1);
    expect((await prefills())[0]?.prefill).toEqual({
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId,
      toTokenAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      amount: '100',
    });
    // Chrome opens the real action popup (browser.action.openPopup); where it cannot, popup.html opens in a tab.
    await expect.poll(() => worker.evaluate(popupOpen, browser.extensionId), { timeout: 10_000 }).toBe(true);
    await page.close();
  });

  it('opens the popup with Solana and its USDC filled in from Bridge with To = Solana, asking for the recipient', async () => {
    const worker = await currentServiceWorker(browser.context);
    // The popup an earlier test opened is closed, as a person's closes when they click elsewhere.
    for (const p of browser.context.pages()) if (p.url().includes('/popup.html')) await p.close();
    // The action popup the background opens is no page Playwright can read, so the prefill it leaves, recorded as it
    // is written, is then handed to popup.html in a tab.
    const recorded = await recordPrefills(worker);
    const { page, errors } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    // The destinations are listed once the chains are read.
    await expect.poll(() => cardOf(page).text('[data-testid="bc-destination"]'), { timeout: 15_000 }).toMatch(/Solana/);
    await cardOf(page).choose('[data-testid="bc-destination"]', 'Solana');
    await expect
      .poll(() => cardOf(page).attribute('[data-testid="bc-quote"]', 'data-chain-id'), { timeout: 30_000 })
      .toBe(String(SOLANA_CHAIN_ID));
    await expect.poll(() => cardOf(page).count('[data-testid="bc-open"]:enabled'), { timeout: 15_000 }).toBe(1);
    await cardOf(page).click('[data-testid="bc-open"]');
    await expect.poll(async () => (await recorded()).length, { timeout: 10_000 }).toBe(1);
    const [stored] = await recorded();
    // Solana's chain and its USDC as an SPL mint (base58), the amount typed on the card.
    expect(stored?.prefill).toEqual({
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: SOLANA_CHAIN_ID,
      toTokenAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      amount: '100',
    });
    await expect.poll(() => worker.evaluate(popupOpen, browser.extensionId), { timeout: 10_000 }).toBe(true);
    expect(await cardOf(page).count('[data-testid="bc-open-error"]')).toBe(0);

    // Once the action popup took it (it is taken once), the same prefill is left again for popup.html in a tab.
    const waiting = () =>
      worker.evaluate(async () => {
        const { chrome } = globalThis as unknown as {
          chrome: { storage: { session: { get(key: string): Promise<Record<string, unknown>> } } };
        };
        return (await chrome.storage.session.get('prefill')).prefill ?? null;
      });
    await expect.poll(waiting, { timeout: 15_000 }).toBeNull();
    await worker.evaluate(async (value) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { session: { set(items: Record<string, unknown>): Promise<void> } } };
      };
      await chrome.storage.session.set({ prefill: value });
    }, stored);
    const popup = await PopupPage.open(browser.context, browser.extensionId);
    await expect.poll(() => popup.toChain.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/Solana/);
    await expect.poll(() => popup.toToken.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/USDC/);
    await expect.poll(() => popup.fromToken.getAttribute('aria-label')).toMatch(/USDC/);
    expect(await popup.amount.inputValue()).toBe('100');
    // The EVM account has no address on Solana: the recipient is asked for, empty and required.
    expect(await popup.recipient.inputValue()).toBe('');
    expect(await popup.recipient.getAttribute('aria-required')).toBe('true');
    expect(errors).toEqual([]);
    await popup.page.close();
    await page.close();
  });

  it('shows nothing when inline quotes are turned off in the settings', async () => {
    await setExtensionStorage(browser.serviceWorker, { settings: settingsFor(service.url, false) });
    try {
      const { page, scripts } = await open(`https://etherscan.io/token/${USDC_ETH}`);
      await page.waitForTimeout(SETTLE_MS);
      expect(await page.locator('bridge-companion-card').count()).toBe(0);
      expect(scripts).toEqual([]);
      await page.close();
    } finally {
      await setExtensionStorage(browser.serviceWorker, { settings: settingsFor(service.url) });
    }
  });
  // Last: after the stop, Playwright's handle on the worker is stale.
  it('keeps the one card through a worker restart: the woken worker finds it instead of injecting another', async () => {
    const { page, errors, scripts } = await open(`https://etherscan.io/token/${USDC_ETH}`);
    await expect.poll(() => quoteCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // Chrome stops an idle worker after 30 s; the next navigation event starts a new one with no memory of the page.
    await stopServiceWorker(browser.context, browser.extensionId);
    await page.evaluate(() => history.pushState({}, '', '/blocks'));
    await page.evaluate((a) => history.pushState({}, '', `/token/${a}`), WETH_ETH);
    await expect.poll(() => cardText(page), { timeout: 15_000 }).toContain('Bridge WETH from Ethereum');
    await page.waitForTimeout(1000);
    expect(scripts).toEqual(['content-scripts/explorer.js']);
    expect(await page.locator('bridge-companion-card').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
