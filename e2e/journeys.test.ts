import type { Page } from 'playwright';
import { createPublicClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import type { Devnet } from '../server/devnet/devnet';
import type { TransferRecord } from '../src/model/transfer';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { notificationIds, readExtensionStorage } from './harness/extensionMessages';
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
  let devnet: Devnet;
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
    ({ devnet, browser, dappPage, tabId } = env);
    // Reads the extension's storage and notifications from an extension page: the worker's Playwright handle goes
    // stale if Chrome stops it while idle between journeys.
    monitor = await browser.context.newPage();
    await monitor.goto(`chrome-extension://${browser.extensionId}/popup.html#activity`);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const rpc = (chainId: number) => {
    const chain = devnet.chains.find((c) => c.chainId === chainId);
    if (!chain) throw new Error(`no devnet chain ${chainId}`);
    return createPublicClient({ transport: http(chain.rpcUrl) });
  };
  const balanceOf = (chainId: 1 | 42161, token: string, owner: string): Promise<bigint> =>
    token === ZERO
      ? rpc(chainId).getBalance({ address: owner as `0x${string}` })
      : rpc(chainId).readContract({
          address: token as `0x${string}`,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner as `0x${string}`],
        });
  const transfers = async (): Promise<TransferRecord[]> =>
    Object.values(((await readExtensionStorage(monitor, 'transfers')) ?? {}) as Record<string, TransferRecord>).sort(
      (a, b) => b.createdAt - a.createdAt,
    );

  /** Runs one journey to the completion notification; returns the final record. */
  async function journey(t: {
    from: [string, string];
    to: [string, string];
    amount: string;
    recipient?: string;
    routeIndex?: number;
  }): Promise<{ record: TransferRecord; chosen: string }> {
    const before = (await transfers()).length;
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill(t);
    let chosen = '';
    if (t.routeIndex !== undefined) {
      // Compare: several routes, each naming what it delivers.
      await expect.poll(() => popup.routeChoices.count(), { timeout: 20_000 }).toBeGreaterThan(t.routeIndex);
      chosen = await popup.choose(t.routeIndex);
      expect(chosen).toMatch(/: receive [\d,.]+ \w+/);
    }
    await popup.send();
    await expect.poll(async () => (await transfers()).length).toBe(before + 1);
    // The person closes the popup: tracking and the notification go on in the background.
    await popup.page.close();
    await expect
      .poll(async () => (await transfers())[0]?.notifiedAt, { timeout: 120_000, interval: 1_000 })
      .toBeDefined();
    const record = (await transfers())[0]!;
    expect(record.status).toBe('DONE');
    expect(await notificationIds(monitor)).toContain(`transfer:${record.txHash.toLowerCase()}`);
    return { record, chosen };
  }

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

  it('sends and tracks nothing when the person rejects the signature', async () => {
    const before = await transfers();
    const usdcBefore = await balanceOf(1, USDC[1], ACCOUNT);
    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject(['eth_sendTransaction']));
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '30' });
    const message = await popup.trySendExpectingError();
    expect(message).toMatch(/declined/i);
    expect(message).toMatch(/Nothing was sent/);
    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject([]));
    expect((await transfers()).length).toBe(before.length);
    expect(await balanceOf(1, USDC[1], ACCOUNT)).toBe(usdcBefore);
    await popup.page.close();
  }, 120_000);
});
