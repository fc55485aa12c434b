import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions } from './harness/storedRecords';

/**
 * Issue #41, point 2, on the devnet: USDC on Ethereum to ARB by the route of two signatures. Step 1 arrives, step 2
 * waits; Dismiss must not silently give up the ARB. It asks first, in words (what stays where, what is not bought),
 * does nothing when the person keeps it, and once they stop, Activity names the transfer "Stopped after step 1",
 * never "Completed" with the USDC of step 1 as if that were what the person asked for.
 */
describe('stopping a route after step 1 (devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01 });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const execution = async () =>
    storedExecutions(await readExtensionStorage(env.browser.serviceWorker, 'transfers')).find(
      (e) => e.choice.fromAmount === '60000000',
    );

  it('asks before giving up the rest of the route, then names it stopped after step 1', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: '60' });
    await popup.showAllRoutes();
    await popup.routes
      .filter({ has: popup.page.getByTestId('route-signatures') })
      .first()
      .click();
    await popup.send();
    await expect
      .poll(async () => (await execution())?.phase, { timeout: 120_000, interval: 1000 })
      .toBe('needsSignature');

    await popup.tab('Activity').click();
    const waiting = popup.page.getByTestId('waiting-execution');
    await waiting.waitFor({ timeout: 15_000 });
    await waiting.getByRole('button', { name: 'Dismiss' }).click();

    // The question, in words: nothing is stopped yet.
    const question = waiting.getByTestId('stop-question');
    await question.waitFor({ timeout: 5_000 });
    expect(await question.textContent()).toMatch(/[\d.,]+ USDC stays on Arbitrum; no ARB will be bought\./);
    expect((await execution())?.phase).toBe('needsSignature');

    // Kept: still waiting, with Continue.
    await question.getByRole('button', { name: 'Keep it waiting' }).click();
    expect(await question.count()).toBe(0);
    expect((await execution())?.phase).toBe('needsSignature');

    // Stopped: one card, named for what happened, the USDC left on Arbitrum said.
    await waiting.getByRole('button', { name: 'Dismiss' }).click();
    await question.getByTestId('stop-here').click();
    await expect.poll(async () => (await execution())?.phase, { timeout: 10_000 }).toBe('stopped');
    const card = popup.page.getByTestId('transfer');
    await card.first().waitFor({ timeout: 15_000 });
    expect(await popup.page.getByTestId('waiting-execution').count()).toBe(0);
    expect(await card.count()).toBe(1);
    expect(await card.getByTestId('transfer-stopped').textContent()).toBe('Stopped after step 1');
    expect(await card.getByTestId('transfer-stopped-words').textContent()).toMatch(
      /^[\d.,]+ USDC stayed on Arbitrum; no ARB was bought\.$/,
    );
    expect(await card.getByTestId('transfer-headline').textContent()).toMatch(/^60 USDC → ARB$/);
    expect(await card.locator('.transfer-head').textContent()).not.toMatch(/Completed/);
    // Nothing waits for the person any more: the tab's count is gone.
    expect(await popup.tab('Activity').textContent()).not.toMatch(/\d/);
    await popup.page.close();
  }, 360_000);
});
