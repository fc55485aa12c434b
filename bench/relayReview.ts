import { PopupPage } from '../devtools/popupPage';
import { startTamperedDevnetDapp } from '../e2e/harness/tamperedDevnetDapp';
import { type BenchRow, median, percentile, ratioAtMost } from './table';

/**
 * Issue 40: what proving a Relay order with Relay's own API adds to the review. In the built extension on the devnet
 * and the LI.FI twin (needs `npx wxt build` first), "Bridge" → the simulated changes on screen for 100 USDC Ethereum
 * → Arbitrum through Relay (the background asks the devnet's Relay API for the order, hashes it, checks the solver's
 * signature and compares it before the review shows), against the same review through Across (nothing to ask), the
 * two alternated in one run. A proxy in front of the twin offers only the bridge under measure.
 */
const TOOLS = { relay: /Relay/, across: /Across/ } as const;
type Tool = keyof typeof TOOLS;
/** An amount per bridge: each its own search, so the popup never shows one bridge's route for the other's. */
const AMOUNTS: Record<Tool, string> = { relay: '100', across: '101' };

export async function benchRelayReview(options: { runs?: number } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? 20;
  const env = await startTamperedDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect: 'lifi' });
  try {
    const only = (tool: Tool) =>
      env.proxy.setTamper((path, body) =>
        path === '/v1/advanced/routes'
          ? {
              ...body,
              routes: (body.routes as { steps: { tool: string }[] }[]).filter((r) =>
                r.steps.every((s) => s.tool === tool),
              ),
            }
          : body,
      );
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    only('relay');
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: AMOUNTS.relay });
    const review = (tool: Tool) => {
      only(tool);
      return reviewOnce(popup, tool);
    };
    // One of each first: warm code caches, the worker, the RPC and Relay's API.
    await review('relay');
    await review('across');
    const relay: number[] = [];
    const across: number[] = [];
    for (let i = 0; i < runs; i++) {
      relay.push(await review('relay'));
      across.push(await review('across'));
    }
    return [
      ratioAtMost(
        "review with Relay's order proven by Relay's API (p95, devnet)",
        percentile(relay, 95),
        percentile(across, 95),
        'ms',
        RELAY_RATIO,
        `${runs} reviews each, alternately; Relay median ${median(relay).toFixed(1)} ms; baseline: the same review through Across, which asks no one (median ${median(across).toFixed(1)} ms)`,
      ),
    ];
  } finally {
    await env.stop();
  }
}

/**
 * Asking Relay's API is one loopback request and a hash before the preview runs; the target leaves room for twice
 * the review itself, so a proof that waits on something slow (a retry, a timeout) fails it.
 */
const RELAY_RATIO = 2;

/** One review of `tool`'s route, its amount typed first (the proxy offers only that bridge). */
async function reviewOnce(popup: PopupPage, tool: Tool): Promise<number> {
  const changes = popup.page.getByTestId('review-changes');
  await popup.amount.fill(AMOUNTS[tool]);
  await popup.routes.filter({ hasText: TOOLS[tool] }).first().waitFor({ timeout: 30_000 });
  await popup.sendButton.and(popup.page.locator(':enabled')).waitFor();
  const start = performance.now();
  await popup.sendButton.click();
  await changes.waitFor({ timeout: 15_000 });
  const elapsed = performance.now() - start;
  await popup.page.getByRole('button', { name: 'Back' }).click();
  await changes.waitFor({ state: 'detached' });
  return elapsed;
}
