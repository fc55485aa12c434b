import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, setExtensionStorage, testSettings } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type RunningServer, startServer } from '../server/app';
import { serveExplorer } from './fixtures/explorers/serve';
import { cardOf } from './harness/closedCard';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

/**
 * Issue 32 in Chromium, against the LI.FI twin's real limiter (75 route searches per two hours per address without a
 * key): with 21 left, the explorer card spends one and then pauses calmly, the person's own search still gets its
 * routes from the reserve, and the popup stops refreshing on its own and says how many are left until when.
 */
describe("LI.FI's limits in the browser", () => {
  let service: RunningServer;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    service = await startServer({ dialect: 'lifi', logLevel: 'silent' });
    // Another client from this address (the browser's too) has spent 54 of the 75 route searches.
    for (let i = 0; i < 54; i++) {
      const res = await fetch(`${service.url}/v1/advanced/routes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromChainId: 1,
          toChainId: 42161,
          fromTokenAddress: USDC_ETH,
          toTokenAddress: USDC_ARB,
          fromAmount: '1000000',
        }),
      });
      expect(res.status).toBe(200);
    }
    browser = await launchWithExtension();
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url, { inlineQuotes: true, apiDialect: 'lifi' }),
    });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("pauses the card at the reserve, and the person's search still finds routes, with the allowance said", async () => {
    const first = await browser.context.newPage();
    await first.goto(`https://etherscan.io/token/${USDC_ETH}`);
    // The first search: 21 left, one above the reserve of 20.
    await expect.poll(() => cardOf(first).count('[data-testid="bc-quote"]'), { timeout: 20_000 }).toBe(1);

    const second = await browser.context.newPage();
    await second.goto(`https://etherscan.io/token/${USDT_ETH}`);
    await expect
      .poll(() => cardOf(second).text('[data-testid="bc-paused"]'), { timeout: 20_000 })
      .toBe('Quotes are paused for a while, to keep route searches for your own transfers.');
    expect(await cardOf(second).count('[data-testid="bc-quote"]')).toBe(0);

    const popup = await PopupPage.open(browser.context, browser.extensionId);
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('250');
    await popup.routes.first().waitFor({ timeout: 30_000 });
    const line = popup.page.getByTestId('allowance-line');
    await expect
      .poll(() => line.textContent(), { timeout: 10_000 })
      .toMatch(
        /^1?\d route searches left until \d{1,2}:\d{2}.*\. A LI\.FI API key raises the limit; add one in Settings\.$/,
      );
    // Few left: no refresh on its own; a refresh is one click.
    await popup.page.getByTestId('refresh-now').waitFor();
    expect(await popup.page.getByTestId('refresh-countdown').count()).toBe(0);
    await popup.page.close();
  });
});
