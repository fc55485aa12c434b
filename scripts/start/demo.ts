import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem';
import { PopupPage } from '../../devtools/popupPage';
import { cardOf } from '../../e2e/harness/closedCard';
import type { Stack } from './stack';

const ARBITRUM_USDC = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const AMOUNT = '25';

type NotificationsApi = { chrome: { notifications: { getAll(): Promise<Record<string, unknown>> } } };

/**
 * `npm start -- --headless`: one demo transfer end to end, driven like a person would (USDC on Ethereum to USDC on
 * Arbitrum through the Dev Wallet), with a screenshot of each step. Returns the screenshot folder.
 */
export async function runHeadlessDemo(
  stack: Stack,
  log: (line: string) => void,
  dir = resolve(import.meta.dirname, '../../screenshots', `demo-${new Date().toISOString().replaceAll(':', '-')}`),
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  let step = 0;
  const shot = async (page: import('playwright').Page, name: string) => {
    const file = join(dir, `${String(++step).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    log(`  ${file}`);
  };

  log('explorer token page with the inline quote card');
  await stack.explorerPage.bringToFront();
  // The card's shadow root is closed: read it from the extension's world.
  const card = cardOf(stack.explorerPage);
  // The card's first quote waits for the catalog and a route search: seconds on a quiet machine, far longer on a
  // loaded one (a CI run sharing two cores once took more than 30 s). The bound is only there to say what it showed.
  for (const until = Date.now() + 180_000; (await card.count('[data-testid="bc-quote"]')) === 0; ) {
    if (Date.now() > until) {
      const shown = (await card.text('*')) ?? 'no card';
      throw new Error(`the explorer card showed no quote within 180 s; it showed: ${shown}`);
    }
    await stack.explorerPage.waitForTimeout(250);
  }
  await shot(stack.explorerPage, 'explorer-inline-card');
  await shot(stack.dappPage, 'dapp-dev-wallet');

  const arbitrum = stack.devnet.chains.find((c) => c.chainId === 42161)!;
  const client = createPublicClient({ transport: http(arbitrum.rpcUrl) });
  const account = (await stack.dappPage.evaluate(
    () => (window as unknown as { devWallet: { address: string } }).devWallet.address,
  )) as `0x${string}`;
  const balanceOf = () =>
    client.readContract({ address: ARBITRUM_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [account] });
  const before = await balanceOf();

  log('popup: connect the Dev Wallet, choose the transfer, compare routes');
  const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
  await shot(popup.page, 'popup-opened');
  await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
  await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 30_000 });
  await popup.pickChain('from', 'Ethereum');
  await popup.pickToken('from', 'USDC', 'USDC');
  await popup.pickChain('to', 'Arbitrum');
  await popup.pickToken('to', 'USDC', 'USDC');
  await popup.amount.fill(AMOUNT);
  await popup.routes.first().waitFor({ timeout: 30_000 });
  await shot(popup.page, 'popup-routes');

  log('approve exactly, sign, send');
  await popup.send();
  await popup.page.getByTestId('execution-done').waitFor({ timeout: 120_000 });
  await shot(popup.page, 'popup-sent');

  log('activity: follow the transfer to completion');
  await popup.page.getByRole('button', { name: 'Open Activity' }).click();
  const status = popup.page.getByTestId('transfer-status').first();
  const deadline = Date.now() + 180_000;
  while ((await status.textContent()) !== 'Completed') {
    if (Date.now() > deadline) throw new Error(`the transfer did not complete: ${await status.textContent()}`);
    await popup.page.waitForTimeout(1_000);
  }
  await shot(popup.page, 'popup-activity-completed');

  // The notification is created a moment after the outcome is stored (and shown as Completed).
  const shown = () =>
    stack.worker.evaluate(async () =>
      Object.keys(await (globalThis as unknown as NotificationsApi).chrome.notifications.getAll()),
    );
  let notifications = await shown();
  for (let waited = 0; notifications.length === 0 && waited < 10_000; waited += 250) {
    await popup.page.waitForTimeout(250);
    notifications = await shown();
  }
  const received = (await balanceOf()) - before;
  log(`received ${formatUnits(received, 6)} USDC on Arbitrum; notifications: ${notifications.join(', ') || 'none'}`);
  if (received <= 0n) throw new Error('the balance on Arbitrum did not increase');
  return dir;
}
