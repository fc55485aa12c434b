import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, tabIdOf } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { stopServiceWorker } from './harness/serviceWorkers';
import { storedExecutions, storedSends } from './harness/storedRecords';

/**
 * Issue #18: once the person confirms the review, the background carries the transfer out through the tab's wallet.
 * A real wallet's confirmation window takes focus and closes the toolbar popup; nothing may stop there. And a flow
 * cut off (the browser stopping the worker, the person stopping the wait) continues from Activity without asking
 * the wallet for anything twice.
 */

const TIME_FACTOR = 0.01;

type DevWallet = {
  holdNext(kind?: 'transfer' | 'approval' | 'switch'): void;
  held(): boolean;
  release(approve?: boolean): void;
  requests: { method: string; params?: { data?: string }[] }[];
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
};

type Stored = { fromAmount: string; status: string; final: boolean };
type StoredExecution = { id: string; phase: string; stoppedAt?: string; error?: string; txHash?: string };
type WorkerChrome = { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } };

describe('transfers the background carries out (devnet)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 10], walletChainId: 10, timeFactor: TIME_FACTOR });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    if (browser !== env?.browser) await browser?.close();
    await env?.stop();
  });

  const wallet = <T>(fn: (w: DevWallet) => T) =>
    dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;

  /** What the wallet was asked, by kind, since `from` (an index into its request log). */
  async function asked(from: number) {
    const requests = await wallet((w) => w.requests.map((r) => ({ method: r.method, data: r.params?.[0]?.data })));
    const since = requests.slice(from);
    return {
      switches: since.filter((r) => r.method === 'wallet_switchEthereumChain').length,
      approvals: since.filter((r) => r.method === 'eth_sendTransaction' && r.data?.startsWith('0x095ea7b3')).length,
      transfers: since.filter((r) => r.method === 'eth_sendTransaction' && !r.data?.startsWith('0x095ea7b3')).length,
    };
  }

  /** The stored executions or transactions, newest first (one record per transfer holds both). */
  async function stored<T>(what: 'executions' | 'transfers'): Promise<T[]> {
    // Through an extension page: after stopServiceWorker, Playwright's worker handle is stale.
    const page = await browser.context.newPage();
    try {
      await page.goto(`chrome-extension://${browser.extensionId}/popup.html?tabId=${tabId}`);
      const value = await page.evaluate(async () => {
        const { chrome } = globalThis as unknown as WorkerChrome;
        return (await chrome.storage.local.get('transfers')).transfers;
      });
      return (what === 'executions' ? storedExecutions(value) : storedSends(value)) as T[];
    } finally {
      await page.close();
    }
  }

  const transferOf = async (fromAmount: string) =>
    (await stored<Stored>('transfers')).find((t) => t.fromAmount === fromAmount);

  /** Connects, fills an Ethereum → OP Mainnet USDC transfer of `amount`, and confirms the review. */
  async function confirmTransfer(amount: string): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['OP Mainnet', 'USDC'], amount });
    await popup.send();
    return popup;
  }

  it('goes through the switch, the approval and the transfer with the popup closed right after Confirm', async () => {
    const from = (await wallet((w) => w.requests.length)) as number;
    await wallet((w) => w.holdNext('switch'));
    const popup = await confirmTransfer('40');
    // The wallet's window has the switch; the popup closes, as a real wallet's focus closes it.
    await expect.poll(() => wallet((w) => w.held()), { timeout: 30_000, interval: 200 }).toBe(true);
    await popup.page.close();
    await wallet((w) => w.release());
    await expect
      .poll(async () => (await transferOf('40000000'))?.status, { timeout: 90_000, interval: 1000 })
      .toBe('DONE');
    expect(await asked(from)).toEqual({ switches: 1, approvals: 1, transfers: 1 });
    const [execution] = await stored<StoredExecution>('executions');
    expect(execution).toMatchObject({ phase: 'sent' });
  });

  it('continues from Activity after the person stopped waiting at the network switch, without switching twice', async () => {
    await wallet((w) => w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }));
    const from = (await wallet((w) => w.requests.length)) as number;
    await wallet((w) => w.holdNext('switch'));
    const popup = await confirmTransfer('42');
    await expect.poll(() => wallet((w) => w.held()), { timeout: 30_000, interval: 200 }).toBe(true);
    await popup.page.getByTestId('stop-waiting').click();
    await popup.page.getByTestId('execution-error').waitFor();
    // The person then accepts the switch in the wallet after all, and comes back later.
    await wallet((w) => w.release());
    await popup.page.close();

    const again = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await again.tab('Activity').click();
    const waiting = again.page.getByTestId('waiting-execution');
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.getAttribute('data-phase')).toBe('failed');
    await again.page.getByTestId('continue-execution').click();
    await again.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    expect(await asked(from)).toEqual({ switches: 1, approvals: 1, transfers: 1 });
    await again.page.close();
  });

  it('continues a flow the browser cut off at the approval prompt, without approving twice', async () => {
    const from = (await wallet((w) => w.requests.length)) as number;
    await wallet((w) => w.holdNext('approval'));
    const popup = await confirmTransfer('41');
    await expect.poll(() => wallet((w) => w.held()), { timeout: 30_000, interval: 200 }).toBe(true);
    await popup.page.close();
    // Chrome stops the worker (here, on purpose) while the person still looks at the approval; they approve anyway.
    await stopServiceWorker(browser.context, browser.extensionId);
    await wallet((w) => w.release());

    // Reopened as a person does (remembering the form: clearing it would go through the stopped worker's stale
    // handle). Last in this file for the same reason.
    const again = await PopupPage.open(browser.context, browser.extensionId, { tabId }, { remember: true });
    await again.tab('Activity').click();
    const waiting = again.page.getByTestId('waiting-execution');
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.getAttribute('data-phase')).toBe('interrupted');
    await expect
      .poll(() => again.page.getByTestId('waiting-reason').textContent())
      .toMatch(
        /^Stopped at: Allow the transfer to spend your USDC · The browser stopped the extension while the transfer waited/,
      );
    await again.page.getByTestId('continue-execution').click();
    await again.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await transferOf('41000000'))?.status, { timeout: 90_000, interval: 1000 })
      .toBe('DONE');
    // The approval the person gave while the worker was stopped counts: asked once, and the transfer once.
    expect(await asked(from)).toEqual({ switches: 0, approvals: 1, transfers: 1 });
    expect(await again.page.getByTestId('waiting-execution').count()).toBe(0);
    await again.page.close();
  });

  it('continues a transfer a browser restart cut off, from the popup of the reopened dapp tab', async () => {
    await wallet((w) => w.holdNext('approval'));
    const popup = await confirmTransfer('43');
    await expect.poll(() => wallet((w) => w.held()), { timeout: 30_000, interval: 200 }).toBe(true);
    await popup.page.close();
    // The browser quits while the wallet shows the approval: the tab, its wallet and the worker are gone.
    await browser.close({ keepProfile: true });
    browser = await launchWithExtension({ userDataDir: browser.userDataDir, extensionDir: browser.extensionDir });
    dappPage = await browser.context.newPage();
    await dappPage.goto(`${env.dapp.url}/?service=${encodeURIComponent(env.service.url)}&chain=10`);
    await dappPage.waitForSelector('html[data-wallet="ready"]', { timeout: 30_000 });
    tabId = await tabIdOf(browser.serviceWorker, env.dapp.url);

    const again = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await again.tab('Activity').click();
    const waiting = again.page.getByTestId('waiting-execution');
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.getAttribute('data-phase')).toBe('interrupted');
    // The reopened page's wallet no longer shares the account with the site: Continue says to connect first.
    await again.page.getByTestId('continue-execution').click();
    await expect
      .poll(() => again.page.getByTestId('execution-error').textContent(), { timeout: 15_000 })
      .toMatch(/Connect it in the popup, then continue/);
    await again.tab('Transfer').click();
    await again.connect();
    await again.tab('Activity').click();
    // Continue carries the transfer on through the new tab's wallet.
    await again.page.getByTestId('continue-execution').click();
    await again.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await transferOf('43000000'))?.status, { timeout: 90_000, interval: 1000 })
      .toBe('DONE');
    expect(await asked(0)).toEqual({ switches: 1, approvals: 1, transfers: 1 });
    await again.page.close();
  });
});
