import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { PopupPage } from '../devtools/popupPage';
import { chooseLanguage, popupTour, type Shot } from './screenshots/popupTour';
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
 * `npm run screenshots`: every state of the popup at 360 × 600 in English (the main ones light and dark) and in
 * German (`<name>-de.png`), the explorer card and the desktop notification of a completed transfer, rendered by the
 * real extension against the devnet, as PNG files in `screenshots/` (or `--out DIR`). The demo transfer is the same
 * as `npm start -- --headless`. `--docs` also copies the pictures the README shows and every light popup state, in
 * both languages, into docs/images/ (the one place they are kept).
 *
 * With Xvfb, ImageMagick and xwininfo installed, Chromium runs headed on a private X screen so the notification it
 * draws can be photographed (scripts/screenshots/xScreen.ts); without them, everything else is taken headless.
 */
const { values } = parseArgs({ options: { out: { type: 'string' }, docs: { type: 'boolean' } } });
const ROOT = resolve(import.meta.dirname, '..');
const dir = resolve(values.out ?? join(ROOT, 'screenshots'));
const DOCS_IMAGES = join(ROOT, 'docs/images');
/** What the README shows, by file name (the same in docs/images/); every light popup state goes there too. */
const README_PICTURES = ['popup-routes', 'popup-review', 'popup-activity', 'explorer-page', 'notification'];
const LANGUAGES = [
  { language: 'en', suffix: '' },
  { language: 'de', suffix: '-de' },
] as const;
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
      for (const { language, suffix } of LANGUAGES) {
        log(`popup states (${language})`);
        await chooseLanguage(stack, language);
        const named: Shot = (page, name) => shot(page, `${name}${suffix}`);
        await popupTour(stack, named, language === 'en' ? bothThemes : named);
        if (language === 'en') {
          log('explorer card and a transfer to completion');
          await runHeadlessDemo(stack, log, dir);
          // The demo returns once the extension has created the notification: Chromium shows it for a few seconds.
          if (screen) await notificationShot(screen);
        }
        const popup = await PopupPage.open(stack.context, stack.extensionId, { tabId: stack.dappTabId });
        await popup.page.locator('#tab-activity').click();
        await popup.page.getByTestId('transfer-status').first().waitFor({ timeout: 15_000 });
        await (language === 'en' ? bothThemes : named)(popup.page, 'popup-activity');
        await popup.page.close();
      }
      await chooseLanguage(stack, 'browser');
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
    const popupStates = readdirSync(dir).filter((f) => /^popup-[\w-]+\.png$/.test(f) && !f.includes('-dark'));
    for (const file of new Set([...README_PICTURES.map((name) => `${name}.png`), ...popupStates])) {
      copyFileSync(join(dir, file), join(DOCS_IMAGES, file));
    }
    log(`README pictures and popup states copied to ${DOCS_IMAGES}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
