import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright';
import {
  EXTENSION_DIR,
  type ExtensionBrowser,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { serveExplorer } from '../e2e/fixtures/explorers/serve';
import { evaluateInExtensionWorld } from '../e2e/harness/closedCard';
import { startServer } from '../server/app';
import { gzipFileBytes } from './initialJs';
import { atMost, type BenchRow, median, ratioAtMost, ratioInfo } from './table';

/**
 * Explorer card: the size of the bundle the background injects into catalog token pages, what extension scripts
 * cost an explorer page that is not a token page, and how soon the card shows quotes. Needs a built extension
 * (`npx wxt build`); runs Chromium with it against the reference service in-process and the saved Etherscan pages
 * served under https://etherscan.io. `npx tsx bench/content.ts` runs this section alone.
 */
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** An account, not a token: an /address/ page the card must stay out of (the most common page on an explorer). */
const ACCOUNT = '0x1111111111111111111111111111111111111111';
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
  const cardGzip = gzipFileBytes(join(EXTENSION_DIR, CARD)) / 1024;
  const service = await startServer({ rateLimit: { disabled: true } });
  const browser = await launchWithExtension();
  let baseline: Awaited<ReturnType<typeof launchBaseline>> | undefined;
  try {
    baseline = await launchBaseline();
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(service.url, { inlineQuotes: true }),
    });
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
    // Every script of the extension is counted (the card and anything else it could run), not only the card.
    const ours = `chrome-extension://${browser.extensionId}/`;

    // Two kinds of page that are not token pages: a listing, and an account's /address/ page (token-like path).
    const nonToken = ['https://etherscan.io/blocks', `https://etherscan.io/address/${ACCOUNT}`];
    const costs: number[] = [];
    const baselineCosts: number[] = [];
    // One load first, not counted: the browser and the worker are still starting up. Then the baseline's loads
    // alternate with ours, so both see the same machine.
    await mainThreadCost(browser.context, nonToken[0]!, ours);
    await mainThreadCost(baseline.context, nonToken[0]!, baseline.script);
    for (let i = 0; i < RUNS; i++) {
      for (const url of nonToken) costs.push(await mainThreadCost(browser.context, url, ours));
      baselineCosts.push(await mainThreadCost(baseline.context, nonToken[0]!, baseline.script));
    }

    // The first token page warms the catalog cache (chains and tokens from the service into extension storage).
    const tokenPage = `https://etherscan.io/token/${USDC}`;
    await timeToQuotes(browser.context, tokenPage, 60_000);
    await timeToQuotes(baseline.context, tokenPage, 60_000);
    const times: number[] = [];
    const baselineTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(await timeToQuotes(browser.context, tokenPage));
      baselineTimes.push(await timeToQuotes(baseline.context, tokenPage));
    }
    // The same measurement on a token page, where the card does run: shows the trace does see our scripts.
    const cardCosts: number[] = [];
    for (let i = 0; i < RUNS; i++) cardCosts.push(await mainThreadCost(browser.context, tokenPage, ours, 3000));

    const baselineCost = median(baselineCosts);
    return [
      atMost(
        'explorer card bundle (gzip)',
        cardGzip,
        'KB',
        20,
        'Preact card and messaging, injected into catalog token pages only',
      ),
      ratioAtMost(
        'explorer scripts: main-thread time on a non-token page',
        median(costs),
        baselineCost,
        'ms',
        NON_TOKEN_RATIO,
        `median of ${costs.length} loads of etherscan.io/blocks and an account's /address/ page; every extension script, compile + evaluate + callbacks, from a CDP trace (max ${Math.max(...costs).toFixed(2)} ms): no script of ours runs there; baseline: a one-line content script, same measurement (median of ${RUNS})`,
      ),
      ratioInfo(
        'explorer card: main-thread time on a token page',
        median(cardCosts),
        baselineCost,
        'ms',
        `same trace on the USDC token page, where the card runs (median of ${RUNS}); baseline: the one-line content script`,
      ),
      ratioAtMost(
        'explorer card: navigation start → quotes shown (warm catalog cache)',
        median(times),
        median(baselineTimes),
        'ms',
        QUOTES_RATIO,
        `median of ${RUNS} loads of a USDC token page, 3 destinations from the local reference service (max ${Math.round(Math.max(...times))} ms); baseline: a content script that shows its background's answer to one message`,
      ),
    ];
  } finally {
    await browser.close();
    await baseline?.close();
    await service.close();
  }
}

/**
 * Ratio targets: no script of ours may cost a non-token page more than half of what a one-line content script
 * costs it (today nothing runs there: 0 ms); the card's quotes took 3.0 times a one-message content script's wait in
 * this session's runs (load 12–15 on 2 cores), and may take up to twice that.
 */
const NON_TOKEN_RATIO = 0.5;
const QUOTES_RATIO = 6;

/**
 * The baseline extension, loaded beside ours: a one-line content script (nothing but the path check) on every
 * explorer page, what declaring any content script costs; and on token pages a content script that sends its
 * background one message and marks the answer on the page the way the quotes watcher reads it, the least any card
 * showing the background's data waits.
 */
async function launchBaseline(): Promise<ExtensionBrowser & { script: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tiny-cs-'));
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'baseline',
      version: '1',
      background: { service_worker: 'bg.js' },
      content_scripts: [
        { matches: ['https://etherscan.io/*'], js: ['cs.js'] },
        { matches: ['https://etherscan.io/token/*'], js: ['quotes.js'] },
      ],
    }),
  );
  writeFileSync(
    join(dir, 'bg.js'),
    'chrome.runtime.onMessage.addListener((message, sender, reply) => reply(message));\n',
  );
  writeFileSync(
    join(dir, 'cs.js'),
    '(() => { if (!/\\/(token|address)\\/0x[0-9a-f]{40}\\/?$/i.test(location.pathname)) return; })();\n',
  );
  writeFileSync(
    join(dir, 'quotes.js'),
    'chrome.runtime.sendMessage({ quotes: location.pathname }).then(() => { document.body.append(document.createElement("div")); globalThis.__quotesAt = performance.now(); });\n',
  );
  const browser = await launchWithExtension({ extensionDir: dir });
  await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
  return {
    ...browser,
    script: `chrome-extension://${browser.extensionId}/cs.js`,
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Main-thread time of the scripts whose URL starts with `scriptPrefix` on one page load: the trace's top-level tasks
 * attributed to them (compiling and evaluating, and any callbacks they registered), summed.
 */
async function mainThreadCost(
  context: BrowserContext,
  url: string,
  scriptPrefix: string,
  settleMs = 1500,
): Promise<number> {
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
  // Scripts run at document_idle or later (injected); give them and anything they schedule time to finish.
  await page.waitForTimeout(settleMs);
  await cdp.send('Tracing.end');
  await done;
  await page.close();
  return scriptTime(events, scriptPrefix);
}

/** Sums complete events naming a script under the prefix, without counting an event nested inside a counted one. */
export function scriptTime(events: TraceEvent[], scriptPrefix: string): number {
  const named = (value: unknown) => typeof value === 'string' && value.startsWith(scriptPrefix);
  const ours = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .filter((e) => {
      const data = e.args?.data;
      return named(data?.url) || named(data?.scriptName) || named(data?.fileName);
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
 * Watcher run in the extension's own world of the page (the card's shadow root is closed to the page): once the
 * card's host is there it observes the closed root and notes when the first quote row appears, on the document's
 * own clock. Returns that time, or null while there is none yet.
 */
const QUOTES_WATCHER = `(() => {
  const g = globalThis;
  if (g.__quotesAt !== undefined) return g.__quotesAt;
  const host = document.querySelector('bridge-companion-card');
  const root = host && chrome.dom.openOrClosedShadowRoot(host);
  if (root && !g.__watchingQuotes) {
    g.__watchingQuotes = true;
    const check = () => {
      if (g.__quotesAt === undefined && root.querySelector('[data-testid="bc-quote"]')) g.__quotesAt = performance.now();
    };
    new MutationObserver(check).observe(root, { childList: true, subtree: true });
    check();
  }
  return g.__quotesAt ?? null;
})()`;

/** Milliseconds from navigation start until the first quote row is in the card. */
async function timeToQuotes(context: BrowserContext, url: string, timeout = 15_000): Promise<number> {
  const page: Page = await context.newPage();
  const loaded = page.goto(url);
  const deadline = Date.now() + timeout;
  let at: number | null = null;
  // Asked every few milliseconds until the card is injected and its watcher installed, then until it fires; the
  // quote round trip (tens of ms after the card mounts) leaves the watcher in place well before the rows appear.
  while (at === null) {
    if (Date.now() > deadline) throw new Error(`no quote in the card at ${url} within ${timeout} ms`);
    const answer = await evaluateInExtensionWorld(page, QUOTES_WATCHER);
    at = typeof answer?.value === 'number' ? answer.value : null;
    if (at === null) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await loaded;
  await page.close();
  return at;
}

// `npx tsx bench/content.ts`: this section alone, printed (bench/run.ts runs every section and keeps the results).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table');
  printTable(await benchContent());
}
