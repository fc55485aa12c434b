import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue #20, point 11: the popup's words come from the message catalog of the browser's language, and its numbers,
 * amounts and prices are written the way that language writes them. Chromium in German, on the devnet.
 */
describe('the popup in German', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, lang: 'de' });
    ({ browser, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('speaks German and writes amounts, prices and decimals as German does', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    expect(
      await popup.page.evaluate(() =>
        (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n.getUILanguage(),
      ),
    ).toMatch(/^de/);
    expect(await popup.page.getByRole('tab').allTextContents()).toEqual(['Überweisen', 'Aktivität', 'Einstellungen']);
    await popup.page.getByRole('button', { name: 'Wallet verbinden', exact: true }).click();
    await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    await popup.page.getByRole('button', { name: /^Von Chain:/ }).click();
    await popup.page.getByRole('dialog').getByRole('button', { name: 'Ethereum' }).click();
    await popup.page.getByRole('button', { name: /^Von Token:/ }).click();
    await popup.page.getByRole('combobox', { name: 'Tokens suchen' }).fill('USDC');
    await popup.page
      .getByRole('option', { name: /^USDC / })
      .first()
      .click();
    await popup.page.getByRole('button', { name: /^Nach Chain:/ }).click();
    await popup.page.getByRole('dialog').getByRole('button', { name: 'Arbitrum' }).click();
    await popup.page.getByRole('button', { name: /^Nach Token:/ }).click();
    await popup.page.getByRole('combobox', { name: 'Tokens suchen' }).fill('USDC');
    await popup.page
      .getByRole('option', { name: /^USDC / })
      .first()
      .click();
    // German grouping in the balance, and a decimal comma read as such.
    await expect.poll(() => popup.page.getByTestId('balance').textContent()).toBe('Guthaben: 100.000 USDC');
    await popup.page.getByRole('textbox', { name: 'Betrag' }).fill('125,5');
    await expect.poll(() => popup.page.getByTestId('amount-usd').textContent()).toMatch(/^≈ 12\d,\d\d\s\$$/);
    await popup.popup.routes.first().waitFor({ timeout: 30_000 });
    const route = await popup.popup.routes.first().textContent();
    expect(route).toMatch(/Min\.\s*12\d,\d+ USDC/);
    expect(route).toMatch(/Preiseinfluss \d+(,\d+)? %/);
    expect(route).toMatch(/Bridge 125,5 USDC → 12\d,\d+ USDC über /);
    expect(await popup.page.getByTestId('send').textContent()).toBe('Bridgen');
    expect(await popup.page.getByTestId('send-hint').textContent()).toBe(
      'Du prüfst jede Angabe, bevor die Wallet gefragt wird.',
    );
    // A mistake, in German.
    await popup.page.getByRole('textbox', { name: 'Betrag' }).fill('1,1234567');
    await expect
      .poll(() => popup.page.getByTestId('amount-error').textContent())
      .toBe('USDC erlaubt höchstens 6 Dezimalstellen.');
    await popup.page.close();
  }, 120_000);

  it('fits every tab at 360 px and names the route orders in plain German', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    for (const tab of await popup.page.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    // The extension's name stays in the header beside the tabs, cut short if need be, never pushed out of it.
    const header = (await popup.page.locator('header').boundingBox())!;
    const title = (await popup.page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(title.width).toBeGreaterThanOrEqual(40);
    expect(title.y + title.height).toBeLessThanOrEqual(header.y + header.height);
    const orders = await popup.page.locator('option[value="OUTPUT"], option[value="GAS"]').allTextContents();
    expect(orders).toContain('Höchster Ertrag');
    expect(orders).toContain('Niedrigste Gaskosten');
    await popup.page.close();
  }, 60_000);
});
