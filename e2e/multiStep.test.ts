import type { Page } from 'playwright';
import { createPublicClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, tabIdOf } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { notificationIds, readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions, storedSends } from './harness/storedRecords';

/**
 * Issue #18's two-step acceptance, in both dialects on the devnet: USDC on Ethereum to ARB, which trades on
 * Arbitrum only, so the route bridges USDC (one signature on Ethereum) and swaps it on Arbitrum (a second signature
 * there, once it has arrived). The popup closes right after the review, the browser restarts between the steps, and
 * the second step is continued from Activity in the reopened dapp tab. LI.FI's twin offers only the two-step form;
 * the spec dialect offers it beside the one-signature route the relayer swaps on arrival, so the person picks it.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const ARB = '0x912CE59144191C1204E64559FE8253a0e49E6548' as const;

type Execution = {
  id: string;
  phase: string;
  step?: number;
  arrived?: string;
  hashes: string[];
  route: { estimate: { toAmountMin: string } };
};
type Transfer = { txHash: string; fromChainId: number; toChainId: number; status: string; toToken: { symbol: string } };

describe.each(['lifi', 'spec'] as const)('a route of two steps (devnet, %s dialect)', (dialect) => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect,
      settings: { notifications: true },
    });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    if (browser !== env?.browser) await browser?.close();
    await env?.stop();
  });

  /** The stored executions or transactions, newest first (one record per transfer holds both). */
  async function stored<T>(what: 'executions' | 'transfers'): Promise<T[]> {
    const value = await readExtensionStorage(browser.serviceWorker, 'transfers');
    return (what === 'executions' ? storedExecutions(value) : storedSends(value)) as T[];
  }

  const arbBalance = () => {
    const chain = env.devnet.chains.find((c) => c.chainId === 42161)!;
    return createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
      address: ARB,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [ACCOUNT],
    });
  };

  it('completes with the popup closed between the steps and a browser restart between them', async () => {
    const before = await arbBalance();
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: '60' });
    // The card says the route is signed in two steps.
    await popup.showAllRoutes();
    const twoSteps = popup.routes.filter({ has: popup.page.getByTestId('route-signatures') });
    await twoSteps.first().click();
    expect(await twoSteps.first().getByTestId('route-signatures').textContent()).toMatch(
      /^2 steps: you sign each on its own chain/,
    );
    await popup.page.getByTestId('send').click();
    // The review says the second signature comes later, on Arbitrum.
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 15_000 });
    expect(await popup.page.getByTestId('review-requests').textContent()).toMatch(
      /once at least [\d.,]+ USDC have arrived on Arbitrum in your own account.*sign step 2 of 2/,
    );
    // How often the wallet asks, per chain: the approval and the transfer now, up to three more on Arbitrum later.
    expect(await popup.page.getByTestId('review-prompts').textContent()).toBe(
      'In your wallet: 2 prompts now, on Ethereum; later up to 3 more on Arbitrum (network, approval if needed, step 2), once the step before has arrived.',
    );
    await popup.page.getByTestId('review-confirm').click();
    await popup.page.close();

    // Step 1 goes through and arrives with no popup open: step 2 waits for the person, with a notification.
    await expect
      .poll(async () => (await stored<Execution>('executions'))[0]?.phase, { timeout: 120_000, interval: 1000 })
      .toBe('needsSignature');
    const [waiting] = await stored<Execution>('executions');
    expect(waiting).toMatchObject({ step: 1, hashes: [expect.any(String)] });
    // The notification follows the stored phase (executions.ts: phase first, then needsPerson).
    await expect
      .poll(() => notificationIds(browser.serviceWorker), { timeout: 10_000, interval: 250 })
      .toContain(`execution:${waiting!.id}`);

    // The browser restarts between the steps.
    await browser.close({ keepProfile: true });
    browser = await launchWithExtension({ userDataDir: browser.userDataDir, extensionDir: browser.extensionDir });
    dappPage = await browser.context.newPage();
    await dappPage.goto(`${env.dapp.url}/?service=${encodeURIComponent(env.service.url)}&chain=1`);
    await dappPage.waitForSelector('html[data-wallet="ready"]', { timeout: 30_000 });
    tabId = await tabIdOf(browser.serviceWorker, env.dapp.url);

    const again = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await again.connect();
    await again.tab('Activity').click();
    const item = again.page.getByTestId('waiting-execution');
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getAttribute('data-phase')).toBe('needsSignature');
    expect(await item.getByTestId('waiting-reason').textContent()).toMatch(
      /^Step 2 of 2 is ready\. [\d.,]+ USDC arrived on Arbitrum/,
    );
    await item.getByTestId('continue-execution').click();
    // Switch to Arbitrum, approve USDC there, sign the swap: all in the wallet, then done.
    await again.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
    const [done] = await stored<Execution>('executions');
    expect(done).toMatchObject({ phase: 'sent', hashes: [expect.any(String), expect.any(String)] });
    const requests = (await dappPage.evaluate('window.devWallet.requests.map((r) => r.method)')) as string[];
    expect(requests.filter((m) => m === 'wallet_switchEthereumChain')).toHaveLength(1);
    expect(requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);

    await expect
      .poll(
        async () =>
          (await stored<Transfer>('transfers'))
            .map((t) => `${t.fromChainId}>${t.toChainId}:${t.toToken.symbol}:${t.status}`)
            .sort(),
        {
          timeout: 90_000,
          interval: 1000,
        },
      )
      .toEqual(['1>42161:USDC:DONE', '42161>42161:ARB:DONE']);
    // At least the minimum the review showed for the whole route.
    expect((await arbBalance()) - before).toBeGreaterThanOrEqual(BigInt(done!.route.estimate.toAmountMin));
    await again.page.close();
  }, 300_000);
});
