import { PopupPage } from '../devtools/popupPage';
import { startDevnetDapp } from '../e2e/harness/devnetDapp';
import { loadWithFakeBrowser } from './fakeBrowserModule';
import { type BenchRow, info, median, percentile, ratioAtMost } from './table';

/**
 * Issue 30: "Bridge" → the review showing the simulated balance changes, in the built extension on the devnet (needs
 * `npx wxt build` first): click → `review-changes` on screen, p95 over `runs` reviews of 100 USDC Ethereum → Arbitrum
 * (Back between them). The baseline, measured alternately in the same run: the same preview (the service's step
 * transaction, the allowance read and eth_simulateV1 through the devnet's RPC) called in node, so the ratio is what
 * the popup, the messaging and the background add to the work that cannot be avoided. The absolute target
 * (p95 ≤ 300 ms) is on a row of its own.
 */
export async function benchReviewSimulation(options: { runs?: number } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? 20;
  const env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1 });
  const closers: (() => Promise<void>)[] = [];
  try {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    const vite = await loadBaseline();
    closers.push(() => vite.server.close());
    const baseline = vite.baseline.nodePreview(
      env.service.url,
      (chainId) => env.devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl,
    );
    // One of each first: warm code caches, the worker and the RPC.
    await reviewOnce(popup);
    await baseline();
    const times: number[] = [];
    const baseTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      times.push(await reviewOnce(popup));
      baseTimes.push(await baseline());
    }
    const p95 = percentile(times, 95);
    return [
      ratioAtMost(
        'review: Bridge → simulated changes shown (p95, devnet)',
        p95,
        percentile(baseTimes, 95),
        'ms',
        REVIEW_RATIO,
        `${runs} reviews, median ${median(times).toFixed(1)} ms; baseline: the same preview called in node (median ${median(baseTimes).toFixed(1)} ms), alternately`,
      ),
      {
        ...info('review: Bridge → simulated changes shown (p95, absolute)', p95, 'ms'),
        target: '<= 300',
        pass: p95 <= 300,
      },
    ];
  } finally {
    for (const close of closers) await close();
    await env.stop();
  }
}

/**
 * This session's two runs gave p95s of 6.1 and 6.7 times the node baseline's (median 139–155 ms against 13–14 ms,
 * p95 159–167 ms): the popup → background hop, the trusted RPC read from the worker, the allowance read beside it
 * and the render add about 125 ms that are not yet broken down. As for the popup's rows (bench/popup.ts), the target
 * leaves about twice the worst seen; the absolute p95 ≤ 300 ms is judged on its own row.
 */
const REVIEW_RATIO = 12;

async function reviewOnce(popup: PopupPage): Promise<number> {
  const changes = popup.page.getByTestId('review-changes');
  // Back asks for fresh routes: Bridge is measured once they are on screen and it can be pressed.
  await popup.page
    .getByTestId('send-hint')
    .filter({ hasText: /You review every detail/ })
    .waitFor({ timeout: 20_000 });
  await popup.sendButton.and(popup.page.locator(':enabled')).waitFor();
  const start = performance.now();
  await popup.sendButton.click();
  await changes.waitFor({ timeout: 15_000 });
  const elapsed = performance.now() - start;
  await popup.page.getByRole('button', { name: 'Back' }).click();
  await changes.waitFor({ state: 'detached' });
  return elapsed;
}

/**
 * The baseline's preview runs the extension's own code in node, loaded through Vite with WXT's test plugins (as
 * bench/lifiLimits.ts loads its scenario), since it imports WXT's virtual modules (#i18n).
 */
async function loadBaseline() {
  const { module: baseline, server } =
    await loadWithFakeBrowser<typeof import('./reviewBaseline')>('/bench/reviewBaseline.ts');
  return { server, baseline };
}
