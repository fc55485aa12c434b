import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright';
import {
  EXTENSION_DIR,
  type ExtensionBrowser,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { copyBuiltExtension } from '../e2e/pages/extensionCopy';
import { startServer } from '../server/app';
import { DEFAULT_DEBOUNCE_MS } from '../src/popup/store/routeTiming';
import { buildEmptyPopup } from './emptyPopup/build';
import { initialJsGzipBytes } from './initialJs';
import { atMost, type BenchRow, median, percentile, ratioAtMost } from './table';

/**
 * Popup measurements (needs `npx wxt build` first), each beside the same measurement of the empty popup
 * (bench/emptyPopup: an empty Preact component and an echoing background, built at bench time) in the same run,
 * alternated with it so both see the same machine; the targets are on the ratio:
 * - initial JS: gzip of popup.html's module graph (entry chunk + static imports; lazy chunks excluded; absolute);
 * - open-to-interactive: navigation start → `popup-ready` mark (chains loaded, form usable; the empty popup: ready
 *   the same way, from its own storage after the first opening), median of 20 opens after one warm-up open (warm HTTP and code caches, background catalog
 *   cached);
 * - token search: per keystroke, request sent → answer received, p95 over the 20,000+ token catalog (the empty
 *   popup: the keystroke's message echoed back);
 * - routes after the last keystroke: last key of the amount → the new routes on screen, minus the debounce and the
 *   service's own latency for the same request (measured beside it), so what is left is the client's overhead
 *   (messaging, background, validation, rendering); the empty popup: last key → the echoed amount on screen.
 */
export async function benchPopup(options: { runs?: number } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? 20;
  const rows: BenchRow[] = [];

  const initial = initialJsGzipBytes(join(EXTENSION_DIR, 'popup.html'));
  rows.push(
    atMost(
      'popup initial JS (gzip)',
      initial.bytes / 1024,
      'KB',
      INITIAL_JS_KB,
      `${initial.files.length} files; signing runs in the background, pickers and Activity load lazily`,
    ),
  );

  const emptyDir = await buildEmptyPopup();
  const service = await startServer({ catalog: 'large', rateLimit: { disabled: true }, logLevel: 'silent' });
  const browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
  let empty: ExtensionBrowser | undefined;
  try {
    empty = await launchWithExtension({ extensionDir: emptyDir });
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url),
    });
    const page = await popupPage(browser.context, `chrome-extension://${browser.extensionId}/popup.html`);
    const emptyPage = await popupPage(empty.context, `chrome-extension://${empty.extensionId}/index.html`);
    await page.open();
    await emptyPage.open();
    const times: number[] = [];
    const emptyTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(await page.open());
      emptyTimes.push(await emptyPage.open());
    }
    rows.push(
      ratioAtMost(
        'popup open-to-interactive (median, warm)',
        median(times),
        median(emptyTimes),
        'ms',
        WARM_OPEN_RATIO,
        `${runs} opens, p95 ${percentile(times, 95).toFixed(1)} ms; baseline: the empty popup, opened alternately`,
      ),
      // Issue #33 also bounds the time itself: a person opening the popup feels milliseconds, not ratios.
      atMost(
        'popup open-to-interactive (median, warm), absolute',
        median(times),
        'ms',
        WARM_OPEN_MS,
        `the same ${runs} opens; the empty popup's median ${median(emptyTimes).toFixed(1)} ms`,
      ),
    );

    await page.page.getByRole('button', { name: /^From token:/ }).click();
    const search = page.page.getByRole('combobox', { name: 'Search tokens' });
    await search.waitFor();
    const [latencies, echoes] = await typeQueriesBeside(
      { page: page.page, field: search, prefix: 'token-search:' },
      { page: emptyPage.page, field: emptyPage.page.getByRole('textbox', { name: 'Echo' }), prefix: 'echo:' },
    );
    rows.push(
      ratioAtMost(
        'token search per keystroke (p95, 20k tokens)',
        latencies.length ? percentile(latencies, 95) : Number.NaN,
        echoes.length ? percentile(echoes, 95) : Number.NaN,
        'ms',
        TOKEN_SEARCH_RATIO,
        `${latencies.length} keystrokes answered, median ${latencies.length ? median(latencies).toFixed(1) : '—'} ms; baseline: the empty popup's message echoed back per keystroke (${echoes.length}, median ${echoes.length ? median(echoes).toFixed(1) : '—'} ms)`,
      ),
    );
    await page.page.keyboard.press('Escape');
    const emptyShown = await echoShownAfterLastKeystroke(emptyPage.page);
    rows.push(...(await routesAfterLastKeystroke(browser.context, browser.extensionId, service.url, emptyShown)));
  } finally {
    await browser.close();
    await empty?.close();
    await service.close();
  }
  try {
    rows.push(...(await benchColdOpen(7, emptyDir)));
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Ratio targets. This session's runs beside the empty popup, on a 2-core machine shared with other work (load
 * 3–15), gave warm opens of 1.1–1.4 of the empty popup's, token search p95s of 0.6–1.8 (5.5 once, from one stall in
 * a run of 50 keystrokes a side, before the two sides were interleaved over 100), route overheads of 0.85–2.1 and
 * cold first opens of 1.3–2.2; each target leaves about twice the usual worst. The empty popup absorbs the machine's
 * speed, so a slower or faster machine does not flip them.
 */
const WARM_OPEN_RATIO = 3;
/**
 * Absolute bounds from issue #33: the popup's first-paint code (the 360 × 600 layout included) stays within 42 KB
 * gzip (it was 41.4 KB when set), and a warm opening within 60 ms.
 */
const INITIAL_JS_KB = 42;
const WARM_OPEN_MS = 60;
const TOKEN_SEARCH_RATIO = 4;
const ROUTES_OVERHEAD_RATIO = 4;
const COLD_OPEN_RATIO = 4;

const AMOUNTS = Array.from({ length: 10 }, (_, i) => String(101 + i * 7));

/** A popup page kept open and reloaded: each `open()` returns navigation start → `popup-ready`. */
async function popupPage(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 600 });
  return {
    page,
    async open(): Promise<number> {
      await page.goto(url);
      return readyAt(page);
    },
  };
}

async function readyAt(page: Page): Promise<number> {
  await page.waitForSelector('html[data-ready="ready"]', { timeout: 30_000 });
  return page.evaluate(() => performance.getEntriesByName('popup-ready')[0]?.startTime ?? Number.NaN);
}

type SearchField = { page: Page; field: Locator; prefix: string };
const QUERIES = ['usdc', 'weth', 'dai', 'link', 'wrapped', 'coin', '0xa0b8', 'bridged usd', 'pepe', 'zz'];
/** Passes over the queries: about 100 keystrokes a side, so a p95 is not one stall of the machine. */
const QUERY_PASSES = 2;

/**
 * Types each token query key by key into the popup's field, then the same query into the empty popup's, and so on
 * (both see the same stretch of the machine's load), and returns each page's `prefix` measures' durations.
 */
async function typeQueriesBeside(ours: SearchField, empty: SearchField): Promise<[number[], number[]]> {
  for (const side of [ours, empty]) await side.page.evaluate(() => performance.clearMeasures());
  for (let pass = 0; pass < QUERY_PASSES; pass++) {
    for (const query of QUERIES) {
      for (const { page, field } of [ours, empty]) {
        await field.fill('');
        for (const ch of query) await field.press(ch === ' ' ? 'Space' : ch, { delay: 20 });
        await page.waitForTimeout(100);
      }
    }
  }
  const durations = ({ page, prefix }: SearchField) =>
    page.evaluate(
      (name) =>
        performance
          .getEntriesByType('measure')
          .filter((m) => m.name.startsWith(name))
          .map((m) => m.duration),
      prefix,
    );
  return [await durations(ours), await durations(empty)];
}

/** The routes measurement's baseline: the last key of each amount → the echoed amount on the empty popup's screen. */
async function echoShownAfterLastKeystroke(page: Page): Promise<number> {
  const field = page.getByRole('textbox', { name: 'Echo' });
  const shown: number[] = [];
  for (const amount of AMOUNTS) {
    await field.fill('');
    await field.pressSequentially(amount.slice(0, -1), { delay: 30 });
    const start = performance.now();
    await field.press(amount.at(-1)!);
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="echo"]')?.textContent === expected,
      amount,
      { polling: 'raf', timeout: 30_000 },
    );
    shown.push(performance.now() - start);
  }
  return median(shown);
}

/**
 * Cold first open: a new profile (empty storage but the settings naming the local service), the popup opened as
 * soon as the extension's worker exists, so it opens while the extension is still starting; navigation start →
 * `popup-ready` (chains loaded), median over `runs` fresh browsers, each followed by a fresh browser with the empty
 * popup (built here when `emptyDir` is not given) opened the same way. The service is `npm start`'s: default catalog.
 */
export async function benchColdOpen(runs = 7, emptyDir?: string): Promise<BenchRow[]> {
  const baselineDir = emptyDir ?? (await buildEmptyPopup());
  const service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
  const times: number[] = [];
  const emptyTimes: number[] = [];
  const openCold = async (extensionDir: string, page: string, settings: boolean) => {
    const browser = await launchWithExtension({ extensionDir });
    try {
      if (settings) await setExtensionStorage(browser.serviceWorker, { settings: testSettings(service.url) });
      const tab = await browser.context.newPage();
      await tab.setViewportSize({ width: 360, height: 600 });
      await tab.goto(`chrome-extension://${browser.extensionId}/${page}`);
      return await readyAt(tab);
    } finally {
      await browser.close();
    }
  };
  try {
    for (let i = 0; i < runs; i++) {
      times.push(await openCold(copyBuiltExtension(), 'popup.html', true));
      emptyTimes.push(await openCold(baselineDir, 'index.html', false));
    }
  } finally {
    await service.close();
    if (!emptyDir) rmSync(baselineDir, { recursive: true, force: true });
  }
  return [
    ratioAtMost(
      'popup cold first open to interactive (median, new profile)',
      median(times),
      median(emptyTimes),
      'ms',
      COLD_OPEN_RATIO,
      `${runs} fresh browsers, max ${Math.max(...times).toFixed(0)} ms; baseline: the empty popup in ${runs} fresh browsers, alternately (max ${Math.max(...emptyTimes).toFixed(0)} ms)`,
    ),
  ];
}

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

async function routesAfterLastKeystroke(
  context: BrowserContext,
  extensionId: string,
  serviceUrl: string,
  emptyShown: number,
): Promise<BenchRow[]> {
  const popup = await PopupPage.open(context, extensionId);
  await popup.pickChain('from', 'Ethereum');
  await popup.pickToken('from', 'USDC', 'USDC');
  await popup.pickChain('to', 'Arbitrum');
  await popup.pickToken('to', 'USDC', 'USDC');
  const shown: number[] = [];
  const service: number[] = [];
  const firstRouteText = () => popup.routes.first().textContent({ timeout: 30_000 });
  for (const amount of AMOUNTS) {
    const before = (await popup.routes.count()) > 0 ? await firstRouteText() : null;
    await popup.amount.fill('');
    await popup.amount.pressSequentially(amount.slice(0, -1), { delay: 30 });
    const start = performance.now();
    await popup.amount.press(amount.at(-1)!);
    await popup.page.waitForFunction(
      (previous) => {
        const first = document.querySelector('[data-testid="route"]');
        return first !== null && first.textContent !== previous;
      },
      before,
      { polling: 'raf', timeout: 30_000 },
    );
    shown.push(performance.now() - start);
    // The same request straight to the service: its own share of the wait.
    const t = performance.now();
    const res = await fetch(`${serviceUrl}/v1/advanced/routes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromChainId: '1',
        fromTokenAddress: USDC_ETHEREUM,
        toChainId: '42161',
        toTokenAddress: USDC_ARBITRUM,
        fromAmount: String(BigInt(amount) * 1_000_000n),
        options: { slippage: 0.005, order: 'OUTPUT' },
      }),
    });
    await res.arrayBuffer();
    service.push(performance.now() - t);
  }
  await popup.page.close();
  const overhead = median(shown) - DEFAULT_DEBOUNCE_MS - median(service);
  return [
    ratioAtMost(
      'routes shown after last keystroke, client overhead (median)',
      overhead,
      emptyShown,
      'ms',
      ROUTES_OVERHEAD_RATIO,
      `shown after ${median(shown).toFixed(0)} ms = ${DEFAULT_DEBOUNCE_MS} ms debounce + service ${median(service).toFixed(1)} ms + client; baseline: the empty popup's echoed amount on screen after the last key`,
    ),
  ];
}

// `npx tsx bench/popup.ts` runs this section alone; `… popup.ts cold` only the cold first open.
if (process.argv[1]?.endsWith('popup.ts')) {
  const { printTable } = await import('./table');
  printTable(process.argv[2] === 'cold' ? await benchColdOpen() : await benchPopup());
}
