import { generateKeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { onScreen, POPUP, sidewaysOverflow } from './harness/screenFit';

/**
 * Issue #33, point 3: the popup fits the 360 × 600 Chromium gives it. The main button and the current state (a
 * warning that holds it, the progress of a send, Save) are on screen without scrolling, and nothing scrolls sideways,
 * with the classic scrollbars a headed Chromium draws (a vertical one takes 15 of the 360 px). Point 7: the Solana notice on the review shows all its lines.
 */
describe('the popup within 360 × 600', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 10, 42161], walletChainId: 1, timeFactor: 0.01, scrollbars: true });
    ({ browser, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function open(): Promise<PopupPage> {
    return PopupPage.open(browser.context, browser.extensionId, { tabId });
  }

  /** USDC on Ethereum to USDC on `to`: the routes are on screen, whether or not they can be sent yet. */
  async function pick(popup: PopupPage, t: { to: string; amount: string }): Promise<void> {
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', t.to);
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill(t.amount);
    await popup.routes.first().waitFor({ timeout: 30_000 });
  }

  async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
    const { overflow, wide } = await sidewaysOverflow(page);
    expect(overflow, `${state} scrolls sideways by ${overflow} px: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
  }

  it('keeps a value-loss warning, the route and Bridge on screen, then the whole progress of the send', async () => {
    const popup = await open();
    await popup.connect();
    // Gas on the devnet's Ethereum eats a third of 2 USDC: the warning holds the button until acknowledged.
    await pick(popup, { to: 'OP Mainnet', amount: '2' });
    const warning = popup.page.getByTestId('value-loss-warning');
    await warning.waitFor({ timeout: 30_000 });
    expect(await onScreen(warning)).toMatchObject({ seen: true });
    expect(await onScreen(popup.sendButton)).toMatchObject({ seen: true });
    expect(await onScreen(popup.page.getByTestId('send-hint'))).toMatchObject({ seen: true });
    // What the route delivers, above the bar; the rest of its card scrolls.
    expect(await onScreen(popup.routes.first().getByTestId('route-amount'))).toMatchObject({ seen: true });
    expect(await popup.page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoSidewaysScroll(popup.page, 'the form with a warning');

    await warning.getByRole('checkbox').check();
    await popup.sendButton.click();
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 15_000 });
    expect(await onScreen(popup.page.getByTestId('review-confirm'))).toMatchObject({ seen: true });
    await expectNoSidewaysScroll(popup.page, 'the review');
    await popup.page.getByTestId('review-confirm').click();

    await popup.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
    const progress = popup.page.getByTestId('progress');
    expect(await onScreen(progress.getByRole('list'))).toMatchObject({ seen: true });
    expect(await onScreen(popup.page.getByTestId('execution-done'))).toMatchObject({ seen: true });
    expect(await onScreen(progress.getByRole('button', { name: 'Open Activity' }))).toMatchObject({ seen: true });
    await expectNoSidewaysScroll(popup.page, 'the progress');
    await popup.page.close();
  }, 180_000);

  it('lists every route without scrolling sideways, Bridge still on screen', async () => {
    const popup = await open();
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '250' });
    await popup.showAllRoutes();
    await expect.poll(() => popup.routes.count()).toBeGreaterThan(2);
    await expectNoSidewaysScroll(popup.page, 'the routes list');
    expect(await onScreen(popup.sendButton)).toMatchObject({ seen: true });
    await popup.page.close();
  }, 120_000);

  it('keeps Save on screen at the top of the Settings page, and at its end', async () => {
    const popup = await open();
    await popup.tab('Settings').click();
    const save = popup.page.getByRole('button', { name: 'Save settings' });
    await save.waitFor();
    expect(await onScreen(save)).toMatchObject({ seen: true });
    await expectNoSidewaysScroll(popup.page, 'Settings');
    // The bridges fieldset ends the page: scrolled to it, Save is still there.
    await popup.page.locator('fieldset.bridges').scrollIntoViewIfNeeded();
    expect(await onScreen(save)).toMatchObject({ seen: true });
    expect(await onScreen(popup.page.getByRole('tab', { name: 'Settings' }))).toMatchObject({ seen: true });
    await popup.page.close();
  }, 120_000);

  it('shows every line of the Solana notice on the review inside its box', async () => {
    const popup = await open();
    await popup.connect();
    await pick(popup, { to: 'Solana', amount: '25' });
    await popup.recipient.fill((await generateKeyPairSigner()).address);
    await popup.page
      .getByTestId('send-hint')
      .filter({ hasText: /You review every detail/ })
      .waitFor({ timeout: 30_000 });
    await popup.sendButton.click();
    const notice = popup.page.getByTestId('review-recipient').getByText(/A Solana account you typed/);
    await notice.waitFor({ timeout: 15_000 });
    // An inline box with padding breaks into one box per line, each line's padding painted over the one above.
    const shape = await notice.evaluate((el) => {
      const lines = el.getClientRects().length;
      const box = el.getBoundingClientRect();
      return { lines, fits: el.scrollHeight <= el.clientHeight + 1, right: box.right };
    });
    expect(shape).toEqual({ lines: 1, fits: true, right: expect.any(Number) });
    expect(shape.right).toBeLessThanOrEqual(POPUP.width);
    expect(await onScreen(popup.page.getByTestId('review-confirm'))).toMatchObject({ seen: true });
    await expectNoSidewaysScroll(popup.page, 'the review to Solana');
    await popup.page.close();
  }, 120_000);
});

/** German's longer words: "Einstellungen" beside the name, Settings' longer labels. */
describe('the popup in German within 360 × 600', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, lang: 'de', scrollbars: true });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('keeps every tab whole on one header line, and Save on screen without scrolling sideways', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    const tabs = popup.page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Überweisen', 'Aktivität', 'Einstellungen']);
    for (const tab of await tabs.all()) expect(await onScreen(tab)).toMatchObject({ seen: true });
    // One line: the panel below keeps the height a second line of tabs would take.
    expect((await popup.page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(42);

    await popup.page.locator('#tab-settings').click();
    const save = popup.page.locator('form.settings button[type="submit"]');
    await save.waitFor();
    expect(await save.textContent()).toBe('Einstellungen speichern');
    expect(await onScreen(save)).toMatchObject({ seen: true });
    const { overflow, wide } = await sidewaysOverflow(popup.page);
    expect(overflow, wide.join(', ')).toBeLessThanOrEqual(0);
    await popup.page.close();
  }, 120_000);
});
