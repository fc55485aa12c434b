import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { LIFI_DIAMOND_ADDRESS } from '../src/contracts/lifiDiamond';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { type JourneyInput, journeyRunner } from './harness/journeyRunner';
import { JourneyPopup } from './pages/journeyPopup';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = { 1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' };

type StoredSettings = { apiDialect?: string };

/**
 * The same journeys as e2e/journeys.test.ts, against the service speaking LI.FI's production dialect (the twin:
 * LI.FI's response shapes, `x-lifi-api-key`, `ratelimit-*`, status without top-level chain IDs, and the calldata of
 * LI.FI's diamond at its real address, deployed on the devnet). The extension is given the service's URL with the
 * dialect left on "auto", as a person adding a custom URL would: it must find the dialect itself, the guards must
 * decode the diamond's calldata against the person's choice, and the funds must really arrive.
 */
describe('journeys against the LI.FI dialect on the devnet', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let monitor: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      settings: { notifications: true, apiDialect: 'auto' },
    });
    ({ browser, tabId } = env);
    monitor = await browser.context.newPage();
    await monitor.goto(`chrome-extension://${browser.extensionId}/popup.html#activity`);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const run = () => journeyRunner(env, monitor);
  const balanceOf = (chainId: 1 | 42161, token: string) => run().balanceOf(chainId, token, ACCOUNT);
  const journey = async (t: JourneyInput) => (await run().journey(t)).record;

  it('detects the dialect from the chain listing and remembers it in the settings', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.page.getByRole('button', { name: /^From token:/ }).waitFor();
    await popup.page.close();
    await expect
      .poll(async () => ((await readExtensionStorage(monitor, 'settings')) as StoredSettings).apiDialect, {
        timeout: 20_000,
      })
      .toBe('lifi');
  }, 60_000);

  it('bridges USDC from Ethereum to Arbitrum through LI.FI’s diamond, and the funds arrive', async () => {
    const before = await balanceOf(42161, USDC[42161]);
    const record = await journey({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    // What the wallet signed went to LI.FI's diamond, decoded and checked by the guard before it was asked.
    expect(record.approvedTx.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(record).toMatchObject({ fromChainId: 1, toChainId: 42161, fromAmount: '100000000', toAddress: ACCOUNT });
    expect(record.sentCheck.state).toBe('verified');
    const after = await balanceOf(42161, USDC[42161]);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);

  it('swaps ETH for USDC on Ethereum through the diamond’s generic swap facet', async () => {
    const before = await balanceOf(1, USDC[1]);
    const record = await journey({ from: ['Ethereum', 'ETH'], to: ['Ethereum', 'USDC'], amount: '0.2' });
    expect(record.approvedTx.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(record).toMatchObject({ fromChainId: 1, toChainId: 1 });
    const after = await balanceOf(1, USDC[1]);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);
});
