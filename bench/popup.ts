import { join } from 'node:path';
import { EXTENSION_DIR, launchWithExtension, setExtensionStorage } from '../e2e/harness/chromium';
import { copyBuiltExtension } from '../e2e/pages/extensionCopy';
import { startServer } from '../server/app';
import { initialJsGzipBytes } from './initialJs';
import { atMost, type BenchRow, median, percentile } from './table';

/**
 * Popup measurements (needs `npx wxt build` first):
 * - initial JS: gzip of popup.html's module graph (entry chunk + static imports; lazy chunks excluded);
 * - open-to-interactive: navigation start → `popup-ready` mark (chains loaded, form usable), median of 20 opens
 *   after one warm-up open (warm HTTP and code caches, background catalog cached);
 * - token search: per keystroke, request sent → answer received, p95 over the 20,000+ token catalog.
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
      `${initial.files.length} files, lazy signing code excluded`,
    ),
  );

  const service = await startServer({ catalog: 'large', rateLimit: { disabled: true }, logLevel: 'silent' });
  const browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
  try {
    await setExtensionStorage(browser.serviceWorker, {
      settings: {
        apiBaseUrl: service.url,
        apiKey: '',
        slippage: 0.005,
        routeOrder: 'OUTPUT',
        bridges: { allow: [], deny: [], prefer: [] },
        notifications: false,
        inlineQuotes: false,
      },
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
        50,
        `${latencies.length} keystrokes answered, median ${latencies.length ? median(latencies).toFixed(1) : '—'} ms`,
      ),
    );
  } finally {
    await browser.close();
    await service.close();
  }
  return rows;
}

if (process.argv[1]?.endsWith('popup.ts')) {
  const rows = await benchPopup();
  console.table(rows);
}
