import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, getExtensionStorage, tabIdOf } from '../devtools/chromium';
import type { serveDapp } from '../devtools/dapp/serve';
import { PopupPage } from '../devtools/popupPage';
import type { RunningServer } from '../server/app';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { storedSends } from './harness/storedRecords';

const TIME_FACTOR = 0.01;

type DappWindow = {
  devWallet: { setReject(methods: string[]): void; requests: { method: string; params?: unknown }[] };
};

describe('popup with the Dev Wallet on a loopback dapp (devnet)', () => {
  let env: DevnetDapp;
  let service: RunningServer;
  let dapp: Awaited<ReturnType<typeof serveDapp>>;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    // The wallet starts on OP Mainnet, so sending from Ethereum needs a chain switch.
    env = await startDevnetDapp({ chainIds: [1, 10], walletChainId: 10, timeFactor: TIME_FACTOR });
    ({ service, dapp, browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function openReadyPopup(amount: string) {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    expect(await popup.page.getByTestId('wallet-connected').textContent()).toMatch(/Dev Wallet · 0xf39F…2266/);
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'OP Mainnet');
    await popup.pickToken('to', 'USDC', 'USDC');
    await expect
      .poll(() => popup.page.getByTestId('balance').textContent(), { timeout: 15_000 })
      .toMatch(/Balance: [\d,.]+ USDC/);
    await popup.amount.fill(amount);
    await popup.routes.first().waitFor({ timeout: 20_000 });
    return popup;
  }

  it('ends in retryable states when the person declines the switch or the approval, then switches chain, approves exactly, sends and tracks', async () => {
    await dappPage.evaluate(() =>
      (window as unknown as DappWindow).devWallet.setReject(['wallet_switchEthereumChain']),
    );
    const popup = await openReadyPopup('25');
    await popup.send();
    const error = popup.page.getByTestId('execution-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/You declined switching to Ethereum/);
    await popup.page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => popup.sendButton.isEnabled(), { timeout: 20_000 }).toBe(true);

    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject(['eth_sendTransaction']));
    await popup.send();
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/You declined the approval in the wallet. Nothing was sent./);

    await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.setReject([]));
    await popup.page.getByRole('button', { name: 'Try again' }).click();
    await popup.send();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });

    const requests = await dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.requests);
    const methods = requests.map((r) => r.method);
    expect(methods).toContain('wallet_switchEthereumChain');
    const sends = requests
      .filter((r) => r.method === 'eth_sendTransaction')
      .map((r) => (r.params as { data: string }[])[0]!.data);
    // The declined approval, then the exact approval (25 USDC = 25,000,000 units), then the bridge.
    const approvals = sends.filter((d) => d.startsWith('0x095ea7b3'));
    expect(approvals.length).toBeGreaterThanOrEqual(1);
    expect(BigInt(`0x${approvals.at(-1)!.slice(74)}`)).toBe(25_000_000n);
    expect(sends.at(-1)!.startsWith('0x095ea7b3')).toBe(false);

    // The send panel follows the tracked transfer to its end, as the notification would.
    await popup.page
      .getByRole('list', { name: 'Progress' })
      .locator('.stage.done', { hasText: 'Received' })
      .waitFor({ timeout: 90_000 });
    await popup.page.getByRole('button', { name: 'Open Activity' }).click();
    const transfer = popup.page.getByTestId('transfer').first();
    await transfer.waitFor();
    // The headline carries what arrived once the chain showed it.
    expect(await transfer.getByTestId('transfer-headline').textContent()).toMatch(/^25 USDC → ([\d.]+ )?USDC$/);
    await expect
      .poll(() => popup.page.getByTestId('transfer-status').first().textContent(), { timeout: 90_000, interval: 1000 })
      .toBe('Completed');
    await popup.page.close();
  });

  async function openDapp(query: string): Promise<{ page: Page; tabId: number }> {
    const page = await browser.context.newPage();
    const url = `${dapp.url}/?service=${encodeURIComponent(service.url)}&${query}`;
    await page.goto(url);
    await page.waitForSelector('html[data-wallet="ready"]');
    const id = await tabIdOf(browser.serviceWorker, url);
    return { page, tabId: id };
  }

  it('lets the person pick among several wallets, and adds a chain the wallet does not know', async () => {
    const { page, tabId: id } = await openDapp('wallets=2&known=10&chain=10');
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId: id });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByRole('button', { name: 'Dev Wallet 2' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    expect(await popup.page.getByTestId('wallet-connected').textContent()).toMatch(/Dev Wallet 2 · 0x7099…79C8/);
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('30');
    await popup.routes.first().waitFor({ timeout: 20_000 });
    await popup.send();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    // The wallet knew only OP Mainnet: the popup answered 4902 with the catalog's chain configuration.
    const requests = await page.evaluate(() =>
      (window as unknown as { devWallet: { requests: { wallet: number; method: string }[] } }).devWallet.requests.map(
        (r) => `${r.wallet}:${r.method}`,
      ),
    );
    expect(requests).toEqual([
      '2:eth_requestAccounts',
      '2:wallet_switchEthereumChain',
      '2:wallet_addEthereumChain',
      '2:wallet_switchEthereumChain',
      '2:eth_sendTransaction',
      '2:eth_sendTransaction',
    ]);
    await popup.page.close();
    await page.close();
  });

  it('sends to another recipient, typed in lower case and checksummed, using Max of the balance', async () => {
    const popup = await openReadyPopup('1');
    const balanceText = (await popup.page.getByTestId('balance').textContent()) ?? '';
    await popup.page.getByRole('button', { name: /^Max/ }).click();
    // USDC is not the native coin: Max is the whole balance. Max re-reads the balance through the trusted RPC
    // before it fills the field, so the field changes a moment after the click.
    await expect.poll(() => popup.amount.inputValue()).not.toBe('1');
    expect(balanceText.replace(/,/g, '')).toContain(await popup.amount.inputValue());
    await popup.amount.fill('40');
    await popup.recipient.fill('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
    await expect
      .poll(() => popup.page.locator('#recipient-help').textContent())
      .toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    await popup.send();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    // The transfer record is written beside the execution's "sent" phase, not before it (executeTransfer.ts).
    const stored = async () => storedSends(await getExtensionStorage(browser.serviceWorker, 'transfers'));
    await expect
      .poll(
        async () =>
          Object.values(await stored()).some(
            (t) => t.toAddress === '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' && t.fromAmount === '40000000',
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    await popup.page.close();
  });

  it('says so when the page has no wallet, and names the tab that has one', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${dapp.url}/no-wallet-here`);
    const id = await browser.serviceWorker.evaluate(async (u) => {
      const c = (
        globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }
      ).chrome;
      return (await c.tabs.query({})).find((t) => t.url === u)!.id!;
    }, `${dapp.url}/no-wallet-here`);
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId: id });
    // Said on opening, before the person tries to connect.
    const message = popup.page.getByTestId('wallet-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.textContent()).toMatch(/No wallet found in this tab/);
    expect(await popup.page.getByRole('button', { name: 'Connect wallet' }).isEnabled()).toBe(true);
    // Issue #41, point 12: the tab that has the wallet is named, and one click brings it to the front.
    const elsewhere = popup.page.getByTestId('wallet-elsewhere');
    await elsewhere.waitFor({ timeout: 15_000 });
    expect(await elsewhere.locator('p').textContent()).toBe(
      'Your wallet is in the tab “Dev Wallet”. Go there and open the extension: your transfer stays filled in.',
    );
    await elsewhere.getByRole('button', { name: 'Go to “Dev Wallet”' }).click();
    await expect
      .poll(() =>
        browser.serviceWorker.evaluate(async (dappTab) => {
          const c = (globalThis as unknown as { chrome: { tabs: { get(id: number): Promise<{ active: boolean }> } } })
            .chrome;
          return (await c.tabs.get(dappTab)).active;
        }, tabId),
      )
      .toBe(true);
    await popup.page.close();
    await page.close();
  });
});
