import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { PopupPage } from '../devtools/popupPage';
import { runHeadlessDemo } from './start/demo';
import { type Stack, startStack } from './start/stack';

/**
 * `npm run screenshots`: the popup's main states (light and dark) and the explorer card, rendered by the real
 * extension against the devnet, as PNG files in `screenshots/` (or `--out DIR`). The transfer states come from the
 * same headless demo as `npm start -- --headless`.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const dir = resolve(values.out ?? resolve(import.meta.dirname, '../screenshots'));
const log = (line: string) => console.log(line);

async function shot(page: Page, name: string): Promise<void> {
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  log(`  ${file}`);
}

/** The same state in the light theme, then the dark one (the popup follows the system theme by default). */
async function bothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function popupStates(stack: Stack): Promise<void> {
  const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
  await bothThemes(popup.page, 'popup-start');

  await popup.fromToken.click();
  await popup.page.getByRole('combobox', { name: 'Search tokens' }).fill('usd');
  await popup.tokenOptions.first().waitFor();
  await shot(popup.page, 'popup-token-picker');
  await popup.page.keyboard.press('Escape');

  await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
  await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 30_000 });
  await popup.pickChain('from', 'Ethereum');
  await popup.pickToken('from', 'USDC', 'USDC');
  await popup.pickChain('to', 'Base');
  await popup.pickToken('to', 'WETH', 'WETH');
  await popup.amount.fill('1000000000');
  await popup.error('amount').waitFor({ timeout: 15_000 });
  await shot(popup.page, 'popup-validation-error');

  await popup.amount.fill('250');
  await popup.routes.first().waitFor({ timeout: 30_000 });
  await bothThemes(popup.page, 'popup-routes');

  await popup.sendButton.click();
  await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 15_000 });
  await bothThemes(popup.page, 'popup-review');
  await popup.page.getByRole('button', { name: 'Back' }).click();

  await popup.tab('Settings').click();
  // The routing service is a preset (its URL field shows for a custom URL only).
  await popup.page.getByRole('combobox', { name: /Service/i }).waitFor();
  await bothThemes(popup.page, 'popup-settings');
  await popup.page.close();
}

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stack = await startStack({ headless: true, log });
  try {
    log('popup states');
    await popupStates(stack);
    log('explorer card and a transfer to completion');
    await runHeadlessDemo(stack, log, dir);
    const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
    await popup.tab('Activity').click();
    await popup.page.getByTestId('transfer-status').first().waitFor({ timeout: 15_000 });
    await bothThemes(popup.page, 'popup-activity');
    await popup.page.close();
    await stack.explorerPage.locator('bridge-companion-card').screenshot({ path: join(dir, 'explorer-card.png') });
    log(`  ${join(dir, 'explorer-card.png')}`);
  } finally {
    await stack.stop();
  }
  log(`\nscreenshots in ${dir}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
