import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { type JourneyInput, journeyRunner } from './harness/journeyRunner';
import { JourneyPopup } from './pages/journeyPopup';

const TIME_FACTOR = 0.01;
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC = { 1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' };

type DappWindow = { devWallet: { setReject(methods: string[]): void; requests: { method: string }[] } };

/**
 * Whole journeys a person makes, on the anvil devnet: the popup for a dapp tab with the EIP-6963 Dev Wallet, routes
 * compared and chosen, approval and signature in the wallet, tracking after the popup is closed, the completion
 * notification, and the tokens really arriving on the destination chain.
 */
describe('journeys on the devnet with the Dev Wallet', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let monitor: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: TIME_FACTOR,
      settings: { notifications: true },
    });
    ({ browser, dappPage, tabId } = env);
    // Reads the extension's storage and notifications from an extension page: the worker's Playwright handle goes
    // stale if Chrome stops it while idle between journeys.
    monitor = await browser.context.newPage();
    await monitor.goto(`chrome-extension://${browser.extensionId}/popup.html#activity`);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const run = () => journeyRunner(env, monitor);
  const balanceOf = (chainId: 1 | 42161, token: string, owner: string) => run().balanceOf(chainId, token, owner);
  const transfers = () => run().transfers();
  const journey = (t: JourneyInput) => run().journey(t);

  it('bridges USDC from Ethereum to Arbitrum on a chosen route and the funds arrive', async () => {
    const before = await balanceOf(42161, USDC[42161], ACCOUNT);
    const { record, chosen } = await journey({
      from: ['Ethereum', 'USDC'],
      to: ['Arbitrum', 'USDC'],
      amount: '100',
      routeIndex: 1,
    });
    expect(chosen.split(':')[0]).toBe(record.toolName);
    expect(record).toMatchObject({ fromChainId: 1, toChainId: 42161, fromAmount: '100000000', toAddress: ACCOUNT });
    const after = await balanceOf(42161, USDC[42161], ACCOUNT);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);

  it('bridges native ETH and the ETH arrives on Arbitrum', async () => {
    const before = await balanceOf(42161, ZERO, ACCOUNT);
    const { record } = await journey({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.5' });
    expect(record.fromToken.address).toBe(ZERO);
    const after = await balanceOf(42161, ZERO, ACCOUNT);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);

  it('swaps on one chain', async () => {
    const before = await balanceOf(1, USDC[1], ACCOUNT);
    const { record } = await journey({ from: ['Ethereum', 'ETH'], to: ['Ethereum', 'USDC'], amount: '0.2' });
    expect(record).toMatchObject({ fromChainId: 1, toChainId: 1 });
    const after = await balanceOf(1, USDC[1], ACCOUNT);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);

  it('sends to another recipient, who receives the funds', async () => {
    const friendBefore = await balanceOf(42161, USDC[42161], FRIEND);
    const { record } = await journey({
      from: ['Ethereum', 'USDC'],
      to: ['Arbitrum', 'USDC'],
      amount: '60',
      recipient: FRIEND,
    });
    expect(record.toAddress).toBe(FRIEND);
    const friendAfter = await balanceOf(42161, USDC[42161], FRIEND);
    expect(friendAfter - friendBefore).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 240_000);

  it('sends and tracks nothing when the person rejects the signature, and Try again keeps the route chosen', async () => {
    const before = await transfers();
    const usdcBefore = await balanceOf(1, USDC[1], ACCOUNT);
    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject(['eth_sendTransaction']));
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '30' });
    // Not the top route: Try again must come back with this one.
    const chosen = (await popup.choose(1)).split(':')[0];
    const message = await popup.trySendExpectingError();
    expect(message).toMatch(/declined/i);
    expect(message).toMatch(/Nothing was sent/);
    await popup.page.getByRole('button', { name: 'Try again' }).click();
    const selected = popup.routeChoices.and(popup.page.locator(':checked'));
    await expect
      .poll(async () => ((await selected.count()) ? await selected.first().getAttribute('aria-label') : ''), {
        timeout: 30_000,
      })
      .toMatch(new RegExp(`^${chosen}:`));
    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject([]));
    expect((await transfers()).length).toBe(before.length);
    expect(await balanceOf(1, USDC[1], ACCOUNT)).toBe(usdcBefore);
    await popup.page.close();
  }, 120_000);
});
