import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { serveExplorer } from '../e2e/fixtures/explorers/serve';
import { EXTENSION_DIR, launchWithExtension, setExtensionStorage, testSettings } from '../e2e/harness/chromium';
import { startServer } from '../server/app';
import { gzipFileBytes } from './initialJs';
import { atMost, type BenchRow, info, median } from './table';

/**
 * Explorer scripts: the sizes of the always-on detector and of the card bundle the background injects into token
 * pages, what they cost a non-token explorer page, and how soon the card shows quotes. Needs a built extension
 * (`npx wxt build`); runs Chromium with it against the reference service in-process and the saved Etherscan pages
 * served under https://etherscan.io. `npx tsx bench/content.ts` runs this section alone.
 */
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DETECTOR = 'explorer-detector.js';
const CARD = 'content-scripts/explorer.js';
const RUNS = 9;

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
};

export async function benchContent(): Promise<BenchRow[]> {
  const detectorBytes = statSync(join(EXTENSION_DIR, DETECTOR)).size;
  const detectorGzip = gzipFileBytes(join(EXTENSION_DIR, DETECTOR));
  const cardGzip = gzipFileBytes(join(EXTENSION_DIR, CARD)) / 1024;
  const service = await startServer({ rateLimit: { disabled: true } });
  const browser = await launchWithExtension();
  try {
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url, { inlineQuotes: true }),
    });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
    const url = (file: string) => `chrome-extension://${browser.extensionId}/${file}`;

    // Both bundles are counted: on a non-token page the card's share must be nothing (it is never loaded there).
    const costs: number[] = [];
    let cardCost = 0;
    // One load first, not counted (as for the baseline): the browser and the worker are still starting up.
    await mainThreadCost(browser.context, 'https://etherscan.io/blocks', [url(DETECTOR)]);
    for (let i = 0; i < RUNS; i++) {
      const [detector, card] = await mainThreadCost(browser.context, 'https://etherscan.io/blocks', [
        url(DETECTOR),
        url(CARD),
      ]);
      costs.push(detector! + card!);
      cardCost += card!;
    }

    // The first token page warms the catalog cache (chains and tokens from the service into extension storage).
    await timeToQuotes(browser.context, `https://etherscan.io/token/${USDC}`, 60_000);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++)
      times.push(await timeToQuotes(browser.context, `https://etherscan.io/token/${USDC}`));

    const baseline = await baselineCost();
    return [
      atMost(
        'explorer detector (always-on content script)',
        detectorBytes,
        'B',
        2048,
        `${detectorGzip} B gzip; path check and one message, no WXT context, polyfill or messaging library`,
      ),
      atMost(
        'explorer card bundle (gzip)',
        cardGzip,
        'KB',
        20,
        'Preact card and messaging, injected into token pages only',
      ),
      atMost(
        'explorer scripts: main-thread time on a non-token page',
        median(costs),
        'ms',
        1,
        `median of ${RUNS} loads of etherscan.io/blocks; compile + evaluate + listeners, from a CDP trace (max ${Math.max(...costs).toFixed(2)} ms; card bundle ${cardCost.toFixed(2)} ms in all)`,
      ),
      atMost(
        'explorer card: navigation start → quotes shown (warm catalog cache)',
        median(times),
        'ms',
        300,
        `median of ${RUNS} loads of a USDC token page, 3 destinations from the local reference service (max ${Math.round(Math.max(...times))} ms)`,
      ),
      info(
        'baseline: a one-line content script, same measurement',
        baseline,
        'ms',
        'the floor on this machine (isolated world set-up + one regex test); compare the row above with it',
      ),
    ];
  } finally {
    await browser.close();
    await service.close();
  }
}

/** The same measurement for a content script that is nothing but the path check: what any content script costs. */
async function baselineCost(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tiny-cs-'));
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'baseline',
      version: '1',
      background: { service_worker: 'bg.js' },
      content_scripts: [{ matches: ['https://etherscan.io/*'], js: ['cs.js'] }],
    }),
  );
  writeFileSync(join(dir, 'bg.js'), '');
  writeFileSync(
    join(dir, 'cs.js'),
    '(() => { if (!/\\/(token|address)\\/0x[0-9a-f]{40}\\/?$/i.test(location.pathname)) return; })();\n',
  );
  const browser = await launchWithExtension({ extensionDir: dir });
  try {
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
    const costs: number[] = [];
    const script = `chrome-extension://${browser.extensionId}/cs.js`;
    // One load first, not counted, as for the extension's own scripts.
    await mainThreadCost(browser.context, 'https://etherscan.io/blocks', [script]);
    for (let i = 0; i < RUNS; i++) {
      costs.push((await mainThreadCost(browser.context, 'https://etherscan.io/blocks', [script]))[0]!);
    }
    return median(costs);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Main-thread time of each script on one page load: the trace's top-level tasks attributed to the script's URL
 * (compiling and evaluating it, and any callbacks it registered), summed.
 */
async function mainThreadCost(context: BrowserContext, url: string, scriptUrls: string[]): Promise<number[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  // The script runs at document_idle; give it and anything it schedules time to finish.
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  return scriptUrls.map((scriptUrl) => scriptTime(events, scriptUrl));
}

/** Sums complete events naming the script, without counting an event nested inside another counted one. */
export function scriptTime(events: TraceEvent[], scriptUrl: string): number {
  const ours = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .filter((e) => {
      const data = e.args?.data;
      return data?.url === scriptUrl || data?.scriptName === scriptUrl || data?.fileName === scriptUrl;
    })
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  let tid = -1;
  for (const e of ours) {
    if (e.tid === tid && e.ts < end) continue;
    total += e.dur!;
    end = e.ts + e.dur!;
    tid = e.tid;
  }
  return total / 1000;
}

/**
 * Page-side watcher (plain text: tsx would wrap a serialized function in helpers the page lacks). The card's shadow
 * root is open, so the page can observe it, as any script on the explorer could.
 */
const QUOTES_WATCHER = `(() => {
  const watch = (root) => {
    const check = () => {
      for (const host of root.querySelectorAll('bridge-companion-card')) {
        const shadow = host.shadowRoot;
        if (shadow && !shadow.__watched) { shadow.__watched = true; watch(shadow); }
      }
      if (window.__quotesAt === undefined && root.querySelector('[data-testid="bc-quote"]')) {
        window.__quotesAt = performance.now();
      }
    };
    new MutationObserver(check).observe(root, { childList: true, subtree: true });
    check();
  };
  watch(document);
})();`;

/** Milliseconds from navigation start until the first quote row is in the card (observed from the page). */
async function timeToQuotes(context: BrowserContext, url: string, timeout = 15_000): Promise<number> {
  const page: Page = await context.newPage();
  await page.addInitScript({ content: QUOTES_WATCHER });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __quotesAt?: number }).__quotesAt !== undefined, null, {
    timeout,
  });
  const at = await page.evaluate(() => (window as unknown as { __quotesAt: number }).__quotesAt);
  await page.close();
  return at;
}

// `npx tsx bench/content.ts`: this section alone, printed (bench/run.ts runs every section and keeps the results).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table');
  printTable(await benchContent());
}
