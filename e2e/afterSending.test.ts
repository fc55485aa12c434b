import { readFileSync } from 'node:fs';
import { createPublicClient, formatEther, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExtensionStorage } from '../devtools/chromium';
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

  it('keeps a history: the CSV says what arrived and what the gas cost, as the chains read them', async () => {
    // Issue #42, "a history to keep": the transfer above, exported from Activity.
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.tab('Activity').click();
    await expect
      .poll(() => popup.page.getByTestId('transfer-status').first().textContent(), { timeout: 60_000 })
      .toBe('Completed');
    const [download] = await Promise.all([
      popup.page.waitForEvent('download'),
      popup.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bridge-companion-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, line] = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(header).toBe(
      'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
    );
    const cells = line!.split(',');
    // The description before it is quoted (it holds a comma): the hash is the last cell.
    const hash = cells.at(-1) as `0x${string}`;
    // The fee is the source transaction's cost as Ethereum's own receipt gives it.
    const ethereum = env.devnet.nodes.find((node) => node.chainId === 1)!;
    const receipt = await createPublicClient({ transport: http(ethereum.rpcUrl) }).getTransactionReceipt({ hash });
    expect(cells.slice(1, 3)).toEqual(['0.05', 'ETH']);
    expect(cells.slice(5, 7)).toEqual([formatEther(receipt.gasUsed * receipt.effectiveGasPrice), 'ETH']);
    // What arrived is the amount Arbitrum showed arriving (the figure the progress said), not the service's.
    const record = Object.values((await getExtensionStorage(env.browser.serviceWorker, 'transfers')) as object)[0];
    const arrival = (record as { sends: { arrival: { state: string; amount: string } }[] }).sends[0]!.arrival;
    expect(arrival.state).toBe('confirmed');
    expect(cells.slice(3, 5)).toEqual([formatEther(BigInt(arrival.amount)), 'ETH']);
    expect(await popup.page.getByTestId('export-said').textContent()).toBe(`Saved ${download.suggestedFilename()}.`);
    await popup.page.close();
  }, 120_000);
});
