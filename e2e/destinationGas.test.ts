import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue #31's destination gas, on the devnet against LI.FI's twin: USDC on Ethereum to ARB, which trades on
 * Arbitrum only, so step 2 (the swap) is signed on Arbitrum. A person with no ETH there is told so in the review,
 * before the first signature, from a balance read through Arbitrum's trusted RPC.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

describe('destination gas (devnet, lifi dialect)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, dialect: 'lifi' });
    ({ browser, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Sets the account's native balance on the chain through its anvil node. */
  async function setEth(chainId: number, wei: bigint) {
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === chainId)!.rpcUrl;
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [ACCOUNT, `0x${wei.toString(16)}`],
      }),
    });
    expect(((await res.json()) as { error?: unknown }).error).toBeUndefined();
  }

  /** Opens the review of the two-signature route USDC (Ethereum) → ARB (Arbitrum). */
  async function reviewTwoSteps(): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: '60' });
    await popup.showAllRoutes();
    const twoSteps = popup.routes.filter({ has: popup.page.getByTestId('route-signatures') });
    await twoSteps.first().click();
    await popup.page.getByTestId('send').click();
    await popup.page.locator('[data-testid="review-simulation"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    return popup;
  }

  it('warns a person with 0 ETH on Arbitrum before the first signature, and says nothing once they have enough', async () => {
    await setEth(42161, 0n);
    const poor = await reviewTwoSteps();
    const notice = poor.page.getByTestId('review-destination-gas');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toMatch(
      /^Step 2 is signed on Arbitrum and needs about [\d.,]+ ETH for its gas there\. Your account holds 0 ETH on Arbitrum: step 1 would go through and its funds wait on Arbitrum until you add gas there for step 2\.$/,
    );
    await poor.page.close();

    await setEth(42161, 10n ** 18n);
    const rich = await reviewTwoSteps();
    // The preview answered (simulation settled) without a word on gas.
    expect(await rich.page.getByTestId('review-destination-gas').count()).toBe(0);
    await rich.page.close();
  }, 180_000);
});
