import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { notificationIds, readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions, storedSends } from './harness/storedRecords';

/**
 * Issue #33, point 2, on the devnet: USDC on Ethereum to ARB, which trades on Arbitrum only, by the route of two
 * signatures. Once step 1 arrives, the person owes step 2: no "Transfer complete" yet, only "USDC arrived… sign step
 * 2"; the reopened popup says so on the Transfer tab with Continue and counts it on Activity's tab; Continue brings
 * the progress into view; Activity shows the transfer as one card, whose headline ends with what arrived.
 */

const AMOUNT = '60';

describe('a route whose second signature waits (devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      settings: { notifications: true },
    });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const stored = () => readExtensionStorage(env.browser.serviceWorker, 'transfers');
  const execution = async () => storedExecutions(await stored()).find((e) => e.choice.fromAmount === '60000000');
  const open = () =>
    PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId }, { remember: true });

  /** Whether the element's top edge lies within the popup's 600 px: the person sees it without scrolling. */
  const inView = async (page: Page, testId: string) => {
    const box = await page.getByTestId(testId).boundingBox();
    return box !== null && box.y >= 0 && box.y < 600 && box.height > 0;
  };

  it('owes step 2 visibly, says complete only at the end, and shows one transfer', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: AMOUNT });
    await popup.showAllRoutes();
    await popup.routes
      .filter({ has: popup.page.getByTestId('route-signatures') })
      .first()
      .click();
    await popup.send();
    await popup.page.close();

    // Step 1 arrives with no popup open: the execution's notice asks for step 2, no "complete" for step 1.
    await expect
      .poll(async () => (await execution())?.phase, { timeout: 120_000, interval: 1000 })
      .toBe('needsSignature');
    const waiting = (await execution())!;
    const [first] = waiting.hashes;
    await expect
      .poll(() => notificationIds(env.browser.serviceWorker), { timeout: 10_000, interval: 250 })
      .toContain(`execution:${waiting.id}`);
    // The step's outcome is marked as handled (so no restart says it later) without a notification of its own.
    await expect
      .poll(async () => storedSends(await stored()).find((t) => t.txHash === first)?.notifiedAt, { timeout: 10_000 })
      .toBeDefined();
    expect(await notificationIds(env.browser.serviceWorker)).not.toContain(`transfer:${first!.toLowerCase()}`);

    // Reopened, remembering the form as a person's popup does: the step waiting is on top, with Continue.
    const again = await open();
    const banner = again.page.getByTestId('waiting-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toMatch(/Step 2 of 2 is ready\. [\d.,]+ USDC arrived on Arbitrum/);
    expect(await inView(again.page, 'banner-continue')).toBe(true);
    // The form no longer holds the amount that was sent: one click does not send it again.
    expect(await again.amount.inputValue()).toBe('');
    // Activity's tab counts it.
    expect(await again.tab('Activity').textContent()).toMatch(/1/);

    // One card for the transfer: the step waiting, with the step already sent inside it.
    await again.tab('Activity').click();
    await again.page.getByTestId('waiting-execution').waitFor({ timeout: 15_000 });
    expect(await again.page.getByTestId('waiting-execution').count()).toBe(1);
    expect(await again.page.getByTestId('transfer').count()).toBe(0);
    expect(await again.page.getByTestId('waiting-execution').getByTestId('transfer-step').count()).toBe(1);

    // Continue from the banner: the progress is in view at once, the person confirms in the wallet.
    await again.tab('Transfer').click();
    await again.page.getByTestId('banner-continue').click();
    await again.page.getByTestId('progress').waitFor();
    await expect.poll(() => inView(again.page, 'progress'), { timeout: 5_000 }).toBe(true);
    await again.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
    expect(await again.page.getByTestId('waiting-banner').count()).toBe(0);

    // Complete once the whole route arrived, with what arrived in ARB.
    await expect.poll(async () => (await execution())?.hashes.length, { timeout: 30_000, interval: 500 }).toBe(2);
    const last = (await execution())!.hashes[1]!;
    await expect
      .poll(() => notificationIds(env.browser.serviceWorker), { timeout: 120_000, interval: 1000 })
      .toContain(`transfer:${last.toLowerCase()}`);
    expect(await notificationIds(env.browser.serviceWorker)).not.toContain(`transfer:${first!.toLowerCase()}`);
    await again.page
      .getByRole('list', { name: 'Progress' })
      .locator('.stage.done', { hasText: /^Received [\d.,]+ ARB on Arbitrum$/ })
      .waitFor({ timeout: 30_000 });

    await again.tab('Activity').click();
    const card = again.page.getByTestId('transfer');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    await expect
      .poll(() => card.getByTestId('transfer-headline').textContent(), { timeout: 30_000 })
      .toMatch(/^60 USDC → [\d.,]+ ARB$/);
    expect(await card.getByTestId('transfer-step').count()).toBe(2);
    expect(await again.tab('Activity').textContent()).not.toMatch(/\d/);
    await again.page.close();
  }, 360_000);
});
