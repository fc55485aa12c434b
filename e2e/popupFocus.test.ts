import type { Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue #41, points 1 and 14, against the LI.FI twin on the devnet: the review opens with focus on its heading, never
 * on "Allow unlimited approval", so a Space pressed at once signs nothing wider; every control in it shows a focus
 * ring when Tab reaches it; Escape closes the review with focus back on Bridge, and closes the wallet menu.
 */
describe('keyboard focus in the popup (LI.FI twin, devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, dialect: 'lifi' });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName, text: el?.textContent?.trim(), testId: el?.dataset.testid };
    });
  /** The focused element's outline as drawn: a ring a person can see, and where it lies on the 360 × 600 screen. */
  const ring = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        label:
          el.getAttribute('aria-label') ??
          ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || el.tagName).trim(),
        visible: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1,
        // Seen, not just inside the window: nothing (the review's sticky foot) lies over the control's middle.
        inView: (() => {
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && (el.contains(hit) || !!(el as HTMLInputElement).labels?.[0]?.contains(hit));
        })(),
      };
    });

  const openReview = async (popup: PopupPage): Promise<Locator> => {
    await popup.sendButton.click();
    const review = popup.page.getByRole('dialog', { name: 'Review transfer' });
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    return review;
  };

  it('opens the review on its heading; Space ticks nothing; Tab shows a ring on each control; Escape returns to Bridge', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '25' });
    await expect.poll(() => popup.sendButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    const review = await openReview(popup);
    const unlimited = review.getByRole('checkbox', { name: /unlimited approval/ });
    await unlimited.waitFor();

    expect(await focused(popup.page)).toMatchObject({ tag: 'H2', text: 'Review transfer' });
    await popup.page.keyboard.press('Space');
    expect(await unlimited.isChecked()).toBe(false);

    // Every control Tab reaches, once around: a ring is drawn, and the control is scrolled into the screen.
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) {
      await popup.page.keyboard.press('Tab');
      const now = await ring(popup.page);
      if (seen.includes(now.label)) break;
      seen.push(now.label);
      expect(now, now.label).toMatchObject({ visible: true, inView: true });
    }
    expect(seen).toEqual(expect.arrayContaining(['Close', 'Back', 'Confirm in wallet']));
    expect(seen.some((label) => /unlimited approval/.test(label))).toBe(true);

    await popup.page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => focused(popup.page)).toMatchObject({ testId: 'send' });
    await popup.page.close();
  }, 180_000);

  it('closes the wallet menu with Escape, focus back on its button', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    const menu = popup.page.getByTestId('wallet-menu');
    await menu.locator('summary').click();
    await popup.page.getByTestId('disconnect').waitFor();
    await popup.page.keyboard.press('Tab');
    await popup.page.keyboard.press('Escape');
    expect(await menu.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await popup.page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await popup.page.close();
  }, 120_000);
});
