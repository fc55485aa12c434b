import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, setExtensionStorage, testSettings } from '../devtools/chromium';
import { type RunningServer, startServer } from '../server/app';
import { serveExplorer } from './fixtures/explorers/serve';
import { cardOf } from './harness/closedCard';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/**
 * The inline card on an explorer token page, with the service speaking LI.FI's production dialect (the twin) and
 * the extension left to detect it: the quotes come through the same background route search the popup uses, in
 * LI.FI's encoding, and read as the spec's service's would.
 */
describe('explorer card against the LI.FI dialect', () => {
  let service: RunningServer;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    service = await startServer({ rateLimit: { disabled: true }, dialect: 'lifi', logLevel: 'silent' });
    browser = await launchWithExtension();
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url, { inlineQuotes: true, apiDialect: 'auto' }),
    });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('shows quotes for USDC on an Etherscan token page, and follows a new amount', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`https://etherscan.io/token/${USDC_ETH}`);
    const card = cardOf(page);
    // One destination by default (each costs a route search); the others are a choice away.
    await expect.poll(() => card.count('[data-testid="bc-quote"]'), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.text('[data-testid="bc-card"]')).toContain('Bridge USDC from Ethereum');
    expect(await card.text('[data-testid="bc-quote-tool"]')).toMatch(/^via /);
    const amountOf = () => card.text('[data-testid="bc-quote-amount"]');
    const before = await amountOf();
    await card.fill('[data-testid="bc-amount"]', '2500');
    await expect.poll(amountOf, { timeout: 10_000 }).not.toBe(before);
    const parsed = Number(((await amountOf()) ?? '').split(' ')[0]!.replaceAll(',', ''));
    expect(parsed).toBeGreaterThan(2000);
    expect(parsed).toBeLessThanOrEqual(2500);
    expect(errors).toEqual([]);
    // The background found the dialect from the chain listing and remembered it: the card's searches were LI.FI's.
    const stored = await browser.serviceWorker.evaluate(async () => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { local: { get(k: string): Promise<Record<string, { apiDialect?: string }>> } } };
      };
      return (await chrome.storage.local.get('settings')).settings;
    });
    expect(stored?.apiDialect).toBe('lifi');
    await page.close();
  });
});
