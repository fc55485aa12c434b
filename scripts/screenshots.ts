import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { PopupPage } from '../devtools/popupPage';
import {
  captureArea,
  missingXTools,
  type Screen,
  startXvfb,
  waitForNotificationArea,
  X_TOOLS_INSTALL,
} from './screenshots/xScreen';
import { runHeadlessDemo } from './start/demo';
import { type Stack, startStack } from './start/stack';

/**
 * `npm run screenshots`: the popup's main states (light and dark), the explorer card and the desktop notification
 * of a completed transfer, rendered by the real extension against the devnet, as PNG files in `screenshots/` (or
 * `--out DIR`). The transfer states come from the same demo as `npm start -- --headless`. `--docs` also copies the
 * pictures the README shows into docs/images/.
 *
 * With Xvfb, ImageMagick and xwininfo installed, Chromium runs headed on a private X screen so the notification it
 * draws can be photographed (scripts/screenshots/xScreen.ts); without them, everything else is taken headless.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, docs: { type: 'boolean' } } });
const ROOT = resolve(import.meta.dirname, '..');
const dir = resolve(values.out ?? join(ROOT, 'screenshots'));
const DOCS_IMAGES = join(ROOT, 'docs/images');
/** What the README shows, by file name (the same in docs/images/). */
const README_PICTURES = ['popup-routes', 'popup-review', 'popup-activity', 'explorer-page', 'notification'];
/** The browser window fills the private screen, so the notification sits over it as on a desktop. */
const SCREEN = { width: 1280, height: 860 };
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

/** The card alone, and the explorer's token page from its header to below the card, as a person finds it. */
async function explorerShots(stack: Stack): Promise<void> {
  const card = stack.explorerPage.locator('bridge-companion-card');
  await card.screenshot({ path: join(dir, 'explorer-card.png') });
  log(`  ${join(dir, 'explorer-card.png')}`);
  // A narrower window than the browser's, so the picture is the page's column rather than empty margins.
  await stack.explorerPage.setViewportSize({ width: 780, height: 700 });
  await stack.explorerPage.bringToFront();
  const box = await card.boundingBox();
  if (!box) throw new Error('the explorer card is not on the page');
  const file = join(dir, 'explorer-page.png');
  await stack.explorerPage.screenshot({
    path: file,
    clip: { x: 0, y: 0, width: 780, height: box.y + box.height + 24 },
  });
  log(`  ${file}`);
}

/** The notification Chromium drew for the completed transfer, photographed off the private screen. */
async function notificationShot(screen: Screen): Promise<void> {
  const area = await waitForNotificationArea(screen, 5_000);
  if (!area) throw new Error('no notification popup appeared on the screen within 5 s of the notification');
  const file = join(dir, 'notification.png');
  captureArea(screen, area, file);
  log(`  ${file}`);
}

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const missing = missingXTools();
  if (missing.length > 0) {
    const advice = `the desktop notification's picture needs ${missing.join(', ')} (${X_TOOLS_INSTALL})`;
    // The README shows the notification: refuse before minutes of work rather than copy an incomplete set.
    if (values.docs) throw new Error(`--docs: ${advice}`);
    log(`no picture of the desktop notification: ${advice}`);
  }
  const screen = missing.length === 0 ? await startXvfb(SCREEN.width, SCREEN.height) : undefined;
  try {
    // The script drives the Dev Wallet itself, as the headless demo does, even when the browser is headed.
    // Headed Chromium draws classic scrollbars; hiding them keeps the pictures as the headless ones are.
    const stack = await startStack({
      headless: !screen,
      display: screen?.display,
      ask: false,
      browserArgs: ['--hide-scrollbars'],
      log,
    });
    try {
      log('popup states');
      await popupStates(stack);
      log('explorer card and a transfer to completion');
      await runHeadlessDemo(stack, log, dir);
      // The demo returns once the extension has created the notification: Chromium shows it for a few seconds.
      if (screen) await notificationShot(screen);
      const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
      await popup.tab('Activity').click();
      await popup.page.getByTestId('transfer-status').first().waitFor({ timeout: 15_000 });
      await bothThemes(popup.page, 'popup-activity');
      await popup.page.close();
      await explorerShots(stack);
    } finally {
      await stack.stop();
    }
  } finally {
    screen?.stop();
  }
  log(`\nscreenshots in ${dir}`);
  if (values.docs) {
    mkdirSync(DOCS_IMAGES, { recursive: true });
    for (const name of README_PICTURES) copyFileSync(join(dir, `${name}.png`), join(DOCS_IMAGES, `${name}.png`));
    log(`README pictures copied to ${DOCS_IMAGES}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
