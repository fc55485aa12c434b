import { join } from 'node:path';
import { EXTENSION_DIR, launchWithExtension, setExtensionStorage, testSettings } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { copyBuiltExtension } from '../e2e/pages/extensionCopy';
import { startServer } from '../server/app';
import { DEFAULT_DEBOUNCE_MS } from '../src/popup/store/routeTiming';
import { initialJsGzipBytes } from './initialJs';
import { atMost, type BenchRow, median, percentile } from './table';

/**
 * Popup measurements (needs `npx wxt build` first):
 * - initial JS: gzip of popup.html's module graph (entry chunk + static imports; lazy chunks excluded);
 * - open-to-interactive: navigation start → `popup-ready` mark (chains loaded, form usable), median of 20 opens
 *   after one warm-up open (warm HTTP and code caches, background catalog cached);
 * - token search: per keystroke, request sent → answer received, p95 over the 20,000+ token catalog;
 * - routes after the last keystroke: last key of the amount → the new routes on screen, minus the debounce and the
 *   service's own latency for the same request (measured beside it), so what is left is the client's overhead
 *   (messaging, background, validation, rendering).
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
      60,
      `${initial.files.length} files; signing runs in the background, pickers and Activity load lazily`,
    ),
  );

  const service = await startServer({ catalog: 'large', rateLimit: { disabled: true }, logLevel: 'silent' });
  const browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
  try {
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url),
    });
    const url = `chrome-extension://${browser.extensionId}/popup.html`;
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    const openOnce = async () => {
      await page.goto(url);
      await page.waitForSelector('html[data-ready="ready"]', { timeout: 30_000 });
      return page.evaluate(() => performance.getEntriesByName('popup-ready')[0]?.startTime ?? Number.NaN);
    };
    await openOnce();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await openOnce());
    rows.push(
      atMost(
        'popup open-to-interactive (median, warm)',
        median(times),
        'ms',
        100,
        `${runs} opens, p95 ${percentile(times, 95).toFixed(1)} ms`,
      ),
    );

    await page.getByRole('button', { name: /^From token:/ }).click();
    const search = page.getByRole('combobox', { name: 'Search tokens' });
    await search.waitFor();
    await page.evaluate(() => performance.clearMeasures());
    const queries = ['usdc', 'weth', 'dai', 'link', 'wrapped', 'coin', '0xa0b8', 'bridged usd', 'pepe', 'zz'];
    for (const query of queries) {
      await search.fill('');
      for (const ch of query) await search.press(ch === ' ' ? 'Space' : ch, { delay: 20 });
      await page.waitForTimeout(100);
    }
    const latencies = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .filter((m) => m.name.startsWith('token-search:'))
        .map((m) => m.duration),
    );
    rows.push(
      atMost(
        'token search per keystroke (p95, 20k tokens)',
        latencies.length ? percentile(latencies, 95) : Number.NaN,
        'ms',
        16,
        `${latencies.length} keystrokes answered, median ${latencies.length ? median(latencies).toFixed(1) : '—'} ms`,
      ),
    );
    await page.keyboard.press('Escape');
    rows.push(...(await routesAfterLastKeystroke(browser.context, browser.extensionId, service.url)));
  } finally {
    await browser.close();
    await service.close();
  }
  rows.push(...(await benchColdOpen()));
  return rows;
}

/**
 * Cold first open: a new profile (empty storage but the settings naming the local service), the popup opened as
 * soon as the extension's worker exists, so it opens while the extension is still starting; navigation start →
 * `popup-ready` (chains loaded), median over `runs` fresh browsers. The service is `npm start`'s: default catalog.
 */
export async function benchColdOpen(runs = 7): Promise<BenchRow[]> {
  const service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
      try {
        await setExtensionStorage(browser.serviceWorker, { settings: testSettings(service.url) });
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: 360, height: 600 });
        await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
        await page.waitForSelector('html[data-ready="ready"]', { timeout: 30_000 });
        times.push(await page.evaluate(() => performance.getEntriesByName('popup-ready')[0]?.startTime ?? Number.NaN));
      } finally {
        await browser.close();
      }
    }
  } finally {
    await service.close();
  }
  return [
    atMost(
      'popup cold first open to interactive (median, new profile)',
      median(times),
      'ms',
      150,
      `${runs} fresh browsers, max ${Math.max(...times).toFixed(0)} ms`,
    ),
  ];
}

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

async function routesAfterLastKeystroke(
  context: import('playwright').BrowserContext,
  extensionId: string,
  serviceUrl: string,
): Promise<BenchRow[]> {
  const popup = await PopupPage.open(context, extensionId);
  await popup.pickChain('from', 'Ethereum');
  await popup.pickToken('from', 'USDC', 'USDC');
  await popup.pickChain('to', 'Arbitrum');
  await popup.pickToken('to', 'USDC', 'USDC');
  const shown: number[] = [];
  const service: number[] = [];
  const firstRouteText = () => popup.routes.first().textContent({ timeout: 30_000 });
  for (let i = 0; i < 10; i++) {
    const amount = String(101 + i * 7);
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
    atMost(
      'routes shown after last keystroke, client overhead (median)',
      overhead,
      'ms',
      100,
      `shown after ${median(shown).toFixed(0)} ms = ${DEFAULT_DEBOUNCE_MS} ms debounce + service ${median(service).toFixed(1)} ms + client`,
    ),
  ];
}

// `npx tsx bench/popup.ts` runs this section alone; `… popup.ts cold` only the cold first open.
if (process.argv[1]?.endsWith('popup.ts')) {
  const rows = process.argv[2] === 'cold' ? await benchColdOpen() : await benchPopup();
  console.table(rows);
}
