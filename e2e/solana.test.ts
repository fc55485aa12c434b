import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { storedSends } from './harness/storedRecords';

/**
 * Issue #19's acceptance in the browser: USDC on Ethereum to a Solana wallet, from the popup on the devnet, signed by
 * the page's EVM wallet and delivered as SPL USDC on the devnet's Solana VM, in both dialects (the devnet router's
 * non-EVM entry; LI.FI's diamond with its placeholder receiver and the key in Across's data). Wrong recipients are refused in the form
 * before anything reaches the wallet; the review, Activity and the notification name the Solana recipient.
 */

const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

type Transfer = {
  txHash: string;
  status: string;
  toAddress: string;
  toChainId: number;
  receivedAmount?: string;
  arrival?: { state: string; amount?: string; rpcHost?: string };
};
type Chrome = { chrome: { notifications: { create(...args: unknown[]): unknown } }; __notices?: string[] };

/** With SCREENSHOT_DIR set, the popup as the person sees it at this point (to look at, not compared). */
async function shot(popup: PopupPage, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await popup.page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe.each(['spec', 'lifi'] as const)('a transfer to a Solana wallet (devnet, %s dialect)', (dialect) => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect,
      settings: { notifications: true },
    });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('refuses wrong recipients, then delivers SPL USDC to the typed Solana address and names it', async () => {
    const { browser, tabId, dappPage } = env;
    const solana = env.devnet.solana!;
    const receiver = (await generateKeyPairSigner()).address;
    const transfers = async () =>
      storedSends(await readExtensionStorage(browser.serviceWorker, 'transfers')) as unknown as Transfer[];
    // Every notification's text, from now on.
    await browser.serviceWorker.evaluate(() => {
      const g = globalThis as unknown as Chrome;
      const notices: string[] = [];
      g.__notices = notices;
      const create = g.chrome.notifications.create.bind(g.chrome.notifications);
      g.chrome.notifications.create = (...args: unknown[]) => {
        const options = args.find((arg) => typeof arg === 'object' && arg !== null) as { message?: string } | undefined;
        notices.push(`${options?.message ?? ''}`);
        return create(...args);
      };
    });

    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Solana');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('25');
    const recipient = popup.page.getByTestId('recipient');
    expect(await recipient.getAttribute('placeholder')).toMatch(/Solana address/);
    // Routes come, but nothing can be sent without a Solana receiver.
    await popup.routes.first().waitFor({ timeout: 30_000 });
    expect(await popup.sendButton.isDisabled()).toBe(true);

    await recipient.fill(ACCOUNT);
    expect(await popup.error('recipient').textContent()).toMatch(/EVM address\. Solana needs a Solana address/);
    expect(await popup.sendButton.isDisabled()).toBe(true);
    await shot(popup, `solana-${dialect}-evm-recipient`);
    await recipient.fill('0OIl-not-a-key');
    expect(await popup.error('recipient').textContent()).toMatch(/valid Solana address/);
    await recipient.fill(receiver);
    await popup.page
      .getByTestId('send-hint')
      .filter({ hasText: /You review every detail/ })
      .waitFor({ timeout: 30_000 });
    const before = await solana.tokenBalance(receiver, USDC_SOLANA);

    await popup.sendButton.click();
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor({ timeout: 15_000 });
    const shown = await popup.page.getByTestId('review-recipient').textContent();
    expect(shown).toContain(receiver);
    expect(shown).toMatch(/A Solana account you typed/);
    const shownMin = await popup.page.getByTestId('review-minimum').textContent();
    await shot(popup, `solana-${dialect}-review`);
    await popup.page.getByTestId('review-confirm').click();

    // The wallet signed one approval and one transfer; nothing was asked of it before the recipient was right.
    await expect.poll(async () => (await transfers())[0]?.status, { timeout: 90_000, interval: 1000 }).toBe('DONE');
    const requests = (await dappPage.evaluate('window.devWallet.requests.map((r) => r.method)')) as string[];
    expect(requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);

    // The SPL balance rose by at least the minimum the review showed.
    const received = (await solana.tokenBalance(receiver, USDC_SOLANA)) - before;
    // "24.9825 USDC …": the first number is the minimum, in USDC.
    const minimum = BigInt(Math.round(Number((shownMin ?? '').match(/[\d,]+(\.\d+)?/)?.[0].replace(/,/g, '')) * 1e6));
    expect(minimum).toBeGreaterThan(0n);
    expect(received).toBeGreaterThanOrEqual(minimum);
    const [transfer] = await transfers();
    expect(transfer).toMatchObject({ toAddress: receiver, toChainId: 1151111081099710 });
    // DONE counted only once read back through the devnet's Solana JSON-RPC: the amount is what the chain shows.
    expect(transfer!.arrival).toEqual({
      state: 'confirmed',
      amount: received.toString(),
      rpcHost: new URL(env.devnet.solanaRpcUrl!).host,
    });

    // The notification names the Solana recipient; Activity shows it too.
    const short = `${receiver.slice(0, 4)}…${receiver.slice(-4)}`;
    await expect
      .poll(() => browser.serviceWorker.evaluate(() => (globalThis as unknown as Chrome).__notices ?? []), {
        timeout: 15_000,
      })
      .toContainEqual(expect.stringContaining(short));
    await popup.tab('Activity').click();
    await expect
      .poll(() => popup.page.getByTestId('transfer-recipient').first().textContent(), { timeout: 15_000 })
      .toContain(short);
    await popup.page.close();
  }, 240_000);
});
