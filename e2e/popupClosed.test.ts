import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServiceWorker, type ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { storedSends } from './harness/storedRecords';

/**
 * "Nothing half-sent is forgotten": the person clicks Send, the wallet is still deciding, the popup closes (a click
 * into the wallet window or the page closes it). The wallet's hash then reaches no popup; the relay content script
 * in the tab reports it and the background tracks the transfer to its end, once.
 */

const TIME_FACTOR = 0.01;

type DappWindow = {
  devWallet: {
    holdNext(): void;
    held(): boolean;
    release(approve?: boolean): void;
    requests: { method: string; params?: unknown }[];
  };
};

type StoredTransfer = { txHash: string; status: string; final: boolean; fromAmount: string; notifiedAt?: number };

/** `chrome` as seen inside the service worker. */
type WorkerChrome = {
  chrome: {
    storage: { [area in 'local' | 'session']: { get(k: string): Promise<Record<string, unknown>> } };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  };
};

describe('a transfer sent after the popup closed (devnet)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 10], walletChainId: 1, timeFactor: TIME_FACTOR });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function transfers(): Promise<StoredTransfer[]> {
    const worker = await currentServiceWorker(browser.context);
    const stored = await worker.evaluate(async () => {
      const { chrome } = globalThis as unknown as WorkerChrome;
      return (await chrome.storage.local.get('transfers')).transfers;
    });
    return storedSends(stored) as unknown as StoredTransfer[];
  }

  /** Records of transfers of `fromAmount` (base units): each test sends its own amount, so a record names its test. */
  async function recordsOf(fromAmount: string): Promise<number> {
    return (await transfers()).filter((t) => t.fromAmount === fromAmount).length;
  }

  async function expectations(): Promise<Record<string, unknown>> {
    const worker = await currentServiceWorker(browser.context);
    return worker.evaluate(async () => {
      const { chrome } = globalThis as unknown as WorkerChrome;
      return ((await chrome.storage.session.get('expectedTransfers')).expectedTransfers ?? {}) as Record<
        string,
        unknown
      >;
    });
  }

  const dappWallet = <T>(fn: (wallet: DappWindow['devWallet']) => T) =>
    dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;

  /** Connects the popup to the dapp's wallet, fills an Ethereum → OP Mainnet USDC transfer, clicks Send. */
  async function sendFromPopup(amount: string): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'OP Mainnet');
    await popup.pickToken('to', 'USDC', 'USDC');
    await expect
      .poll(() => popup.page.getByTestId('balance').textContent(), { timeout: 15_000 })
      .toMatch(/Balance: [\d,.]+ USDC/);
    await popup.amount.fill(amount);
    await popup.routes.first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    await popup.send();
    // The approval goes through; the wallet then holds the transfer itself, the person still deciding.
    await expect.poll(() => dappWallet((w) => w.held()), { timeout: 60_000, interval: 250 }).toBe(true);
    return popup;
  }

  it('records the transfer the wallet sends after the popup closed, and tracks it to the end, once', async () => {
    await dappWallet((w) => w.holdNext());
    const popup = await sendFromPopup('50');
    expect(Object.keys(await expectations())).toHaveLength(1);
    await popup.page.close();
    expect(await transfers()).toEqual([]);

    await dappWallet((w) => w.release());
    await expect
      .poll(async () => (await transfers()).map((t) => `${t.fromAmount}:${t.status}`), {
        timeout: 90_000,
        interval: 1000,
      })
      .toEqual(['50000000:DONE']);
    // Marked notified a moment after the outcome is stored, once the notification exists (notifications.ts).
    await expect.poll(async () => (await transfers())[0]?.notifiedAt, { timeout: 10_000, interval: 250 }).toBeDefined();
    const [record] = await transfers();
    expect(record).toMatchObject({ final: true });
    // The wallet was asked for the approval and the transfer, nothing more: the hash came from the held send.
    const sent = await dappWallet((w) => w.requests.filter((r) => r.method === 'eth_sendTransaction').length);
    expect(sent).toBe(2);
    expect(await expectations()).toEqual({});
  });

  it('makes one record when the popup stays open and tracks the same hash itself', async () => {
    const before = (await transfers()).length;
    await dappWallet((w) => w.holdNext());
    const popup = await sendFromPopup('60');
    await dappWallet((w) => w.release());
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await expect.poll(() => recordsOf('60000000'), { timeout: 10_000 }).toBe(1);
    // Both the relay's report and the popup's trackTransfer arrived (or will): still one record.
    await popup.page.waitForTimeout(1_000);
    expect(await transfers()).toHaveLength(before + 1);
    // The expectation is dropped once the record it led to is stored (expectations.ts), a moment later.
    await expect.poll(() => expectations(), { timeout: 10_000, interval: 250 }).toEqual({});
    await popup.page.close();
  });

  it('still records it when the person reopens the popup before the wallet answers', async () => {
    const before = (await transfers()).length;
    await dappWallet((w) => w.holdNext());
    const first = await sendFromPopup('70');
    await first.page.close();
    // A new popup session on the same tab says hello to the bridge with a new channel; its request ids restart.
    const second = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await second.page.getByRole('button', { name: 'Connect wallet' }).click();
    await second.page.getByTestId('wallet-connected').waitFor();
    await dappWallet((w) => w.release());
    await expect.poll(() => recordsOf('70000000'), { timeout: 30_000, interval: 500 }).toBe(1);
    expect(await transfers()).toHaveLength(before + 1);
    // The reopened popup is not confused by the old answer: its wallet still works and shows the account.
    expect(await second.page.getByTestId('wallet-connected').textContent()).toMatch(/Dev Wallet · 0xf39F…2266/);
    await second.page.close();
  });

  it('lets the person stop waiting for the wallet; a transfer confirmed there anyway is still recorded once', async () => {
    const before = (await transfers()).length;
    await dappWallet((w) => w.holdNext());
    const popup = await sendFromPopup('80');
    await popup.page.getByTestId('stop-waiting').click();
    await expect
      .poll(() => popup.page.getByTestId('execution-error').textContent(), { timeout: 10_000 })
      .toMatch(/^Stopped waiting for the wallet\. If it still shows the transfer, reject it there/);
    expect(await popup.page.getByRole('button', { name: 'Try again' }).isEnabled()).toBe(true);
    // The person confirms in the wallet after all: the relay reports it, the background tracks it.
    await dappWallet((w) => w.release());
    await expect.poll(() => recordsOf('80000000'), { timeout: 30_000, interval: 500 }).toBe(1);
    expect(await transfers()).toHaveLength(before + 1);
    await popup.page.close();
  });
});
