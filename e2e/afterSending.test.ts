import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue #33, point 6, on the devnet: ETH from Ethereum to Arbitrum with the wallet already on Ethereum, so neither a
 * network switch nor an approval is needed. The checklist says so (skipped, not ticked off green), speaks of chains
 * and the wallet rather than internal stages, ends with the amount the destination chain read, and the form keeps
 * the tokens and chains but not the amount nor the routes found for it, so one more click does not send the same
 * again.
 */

/** Words of the executor's stages that meant nothing to a person trying the popup. */
const INTERNAL = /Submitted|Bridging|Prepare the transaction|Sign in the wallet|Switch network|exact amount/;

describe('the popup after sending (devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01 });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('says what was skipped and what arrived, in plain words, and forgets the amount sent', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.05' });
    await popup.send();

    const list = popup.page.getByRole('list', { name: 'Progress' });
    const received = list.locator('.stage.done', { hasText: /^Received [\d.,]+ ETH on Arbitrum$/ });
    await received.waitFor({ timeout: 90_000 });
    const steps = await list
      .locator('.stage')
      .evaluateAll((items) => items.map((li) => `${li.className.replace('stage ', '')}: ${li.textContent}`));
    expect(steps.slice(0, 2)).toEqual([
      'skipped: No switch needed: your wallet is on Ethereum',
      'skipped: No approval needed',
    ]);
    expect(steps.slice(2)).toEqual([
      'done: Transaction checked',
      'done: Confirmed in your wallet',
      'done: Sent on Ethereum',
      'done: Bridged to Arbitrum',
      expect.stringMatching(/^done: Received [\d.,]+ ETH on Arbitrum$/),
    ]);
    expect(steps.join(' | ')).not.toMatch(INTERNAL);
    // A skipped step is not shown in the colour of a step done.
    const colours = await list
      .locator('.stage')
      .evaluateAll((items) => items.slice(0, 3).map((li) => getComputedStyle(li).color));
    expect(colours[0]).not.toBe(colours[2]);

    // The routes of this transfer went with it: the Transfer tab shows its progress, no route to pick or send again.
    expect(await popup.page.getByRole('region', { name: 'Routes' }).count()).toBe(0);
    expect(await popup.routes.count()).toBe(0);
    expect(await popup.sendButton.count()).toBe(0);

    // The amount is gone from the form; tokens and chains stay for the next transfer.
    await popup.page.getByRole('button', { name: 'New transfer' }).click();
    expect(await popup.amount.inputValue()).toBe('');
    expect(await popup.page.getByRole('button', { name: /^From chain: Ethereum/ }).count()).toBe(1);
    expect(await popup.page.getByRole('button', { name: /^To chain: Arbitrum/ }).count()).toBe(1);
    expect(await popup.page.getByRole('button', { name: /^From token: ETH/ }).count()).toBe(1);
    expect(await popup.sendButton.isDisabled()).toBe(true);
    await popup.page.close();
  }, 240_000);
});
