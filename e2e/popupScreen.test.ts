import type { Page } from 'playwright';
import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { devTokenAbi, devTokenDeployedBytecode } from '../server/devnet/artifacts/DevToken';
import { rpc } from '../server/devnet/rpc';
import { ANVIL_SENDER } from '../testing/background/testChain';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { JourneyPopup } from './pages/journeyPopup';

type DappWindow = { devWallet: { requests: { method: string; params?: unknown }[] } };

const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const UNLISTED = '0x00000000000000000000000000000000000070c2';

/**
 * What the person sees before the wallet is asked (issue #20, points 5, 8 and 9), at 360×600 like a real popup, on
 * the devnet with the Dev Wallet, whose request log shows what the wallet was asked and when.
 */
describe('the popup screen at 360×600', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01 });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const walletRequests = () =>
    dappPage.evaluate(() =>
      (window as unknown as DappWindow).devWallet.requests
        .map((r) => r.method)
        .filter((m) => m === 'eth_sendTransaction' || m === 'wallet_switchEthereumChain'),
    );

  it('fits the form, the best route and Bridge in 600 px with a wallet connected; the rest is one click away', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '25' });
    const send = popup.popup.sendButton;
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
    const viewport = { top: 0, bottom: 600 };
    const box = async (selector: string) => popup.page.locator(selector).first().boundingBox();
    expect(await popup.page.evaluate(() => window.scrollY)).toBe(0);
    const sendBox = await send.boundingBox();
    const routeBox = await box('[data-testid="route"]');
    expect(sendBox && sendBox.y + sendBox.height).toBeLessThanOrEqual(viewport.bottom);
    expect(routeBox && routeBox.y + routeBox.height).toBeLessThanOrEqual(viewport.bottom);
    // One route shown, the others behind "Compare all".
    expect(await popup.popup.routes.count()).toBe(1);
    await popup.page.getByTestId('show-all-routes').click();
    expect(await popup.popup.routes.count()).toBeGreaterThan(1);
    await popup.page.close();
  }, 120_000);

  it('shows the typed amount in USD, and warns of a 0 % slippage set in Settings', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.popup.tab('Settings').click();
    const slippage = popup.page.getByRole('spinbutton', { name: 'Default slippage (%)' });
    await slippage.fill('0');
    await popup.page.getByTestId('settings-slippage-warning').waitFor();
    await popup.page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => popup.page.getByTestId('settings-message').textContent()).toBe('Settings saved.');
    await popup.page.close();

    const next = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await next.popup.pickChain('from', 'Ethereum');
    await next.popup.pickToken('from', 'USDC', 'USDC');
    await next.popup.amount.fill('25');
    await expect.poll(() => next.page.getByTestId('amount-usd').textContent()).toMatch(/^≈ \$2[45]\.\d\d$/);
    expect(await next.page.getByTestId('slippage-warning').textContent()).toMatch(/0% slippage almost every transfer/);
    expect(await next.page.getByTestId('route-options').locator('summary').textContent()).toBe(
      'Slippage 0% · Most received',
    );
    // Back to the default for the other tests.
    await next.popup.tab('Settings').click();
    await next.page.getByRole('spinbutton', { name: 'Default slippage (%)' }).fill('0.5');
    await next.page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => next.page.getByTestId('settings-message').textContent()).toBe('Settings saved.');
    await next.page.close();
  }, 120_000);

  it('reviews what is sent, to whom and every wallet request before the wallet is asked anything', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '25', recipient: FRIEND });
    const before = await walletRequests();
    await expect.poll(() => popup.popup.sendButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await popup.popup.sendButton.click();
    const review = popup.page.getByRole('dialog', { name: 'Review transfer' });
    await review.waitFor();
    expect(await review.getByTestId('review-send').textContent()).toMatch(/^25 USDC on Ethereum/);
    expect(await review.getByTestId('review-receive').textContent()).toMatch(/^2\d\.\d+ USDC on Arbitrum/);
    expect(await review.getByTestId('review-minimum').textContent()).toMatch(/^2\d\.\d+ USDC \(slippage 0\.5%\)$/);
    expect(await review.getByTestId('review-recipient').textContent()).toBe(
      `${FRIEND}Another address, not the connected account`,
    );
    expect(await review.getByTestId('review-fees').textContent()).toMatch(/Gas \$/);
    // The allowance is read through the trusted RPC: none yet, so an exact approval comes first.
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor();
    const requests = await review.getByTestId('review-requests').locator('li').allTextContents();
    expect(requests).toEqual([
      expect.stringMatching(/^Approve exactly 25 USDC for 0x\w{4}…\w{4}$/),
      'Confirm sending 25 USDC',
    ]);
    // Nothing was asked of the wallet while reviewing; Back asks nothing either.
    expect(await walletRequests()).toEqual(before);
    await review.getByRole('button', { name: 'Back' }).click();
    await review.waitFor({ state: 'detached' });
    expect(await walletRequests()).toEqual(before);

    // Confirmed: the approval, then the transfer, exactly as the review listed them.
    await popup.send();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
    expect((await walletRequests()).slice(before.length)).toEqual(['eth_sendTransaction', 'eth_sendTransaction']);
    await popup.page.close();
  }, 180_000);

  it('asks for no approval when sending the native coin, and says so', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.1' });
    await expect.poll(() => popup.popup.sendButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await popup.popup.sendButton.click();
    const review = popup.page.getByRole('dialog', { name: 'Review transfer' });
    await popup.page.locator('[data-testid="review-requests"][aria-busy="false"]').waitFor();
    expect(await review.getByTestId('review-requests').locator('li').allTextContents()).toEqual([
      'Confirm sending 0.1 ETH',
    ]);
    expect(await review.getByTestId('review-recipient').textContent()).toMatch(/Your connected account$/);
    await popup.page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    await popup.page.close();
  }, 120_000);

  it('keeps the theme chosen in Settings over the system one, from the first paint of the next opening', async () => {
    const background = async (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.page.emulateMedia({ colorScheme: 'light' });
    expect(await background(popup.page)).toBe('rgb(255, 255, 255)');
    await popup.popup.tab('Settings').click();
    await popup.page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await popup.page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => background(popup.page)).toBe('rgb(21, 23, 28)');
    await popup.page.close();

    // Opened again with the system in light: dark as soon as the document is ready, before settings arrive.
    const next = await browser.context.newPage();
    await next.emulateMedia({ colorScheme: 'light' });
    await next.goto(`chrome-extension://${browser.extensionId}/popup.html?tabId=${tabId}`, {
      waitUntil: 'domcontentloaded',
    });
    expect(await next.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background(next)).toBe('rgb(21, 23, 28)');
    await new PopupPage(next).tab('Settings').click();
    await next.getByRole('combobox', { name: 'Theme' }).selectOption('system');
    await next.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => background(next)).toBe('rgb(255, 255, 255)');
    await next.close();
  }, 120_000);

  it('shows balances in the token picker, read through the trusted RPC, and imports a token by address', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.fromToken.click();
    const search = popup.page.getByRole('combobox', { name: 'Search tokens' });
    await search.fill('USDC');
    const usdc = popup.page.getByRole('option', { name: /^USDC / }).first();
    await expect.poll(() => usdc.getByTestId('token-balance').textContent(), { timeout: 15_000 }).toMatch(/^[\d,.]+$/);

    // A real ERC-20 on the devnet's Ethereum that the service does not list.
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    await rpc(rpcUrl, 'anvil_setCode', [UNLISTED, devTokenDeployedBytecode]);
    await rpc(rpcUrl, 'eth_sendTransaction', [
      {
        from: ANVIL_SENDER,
        to: UNLISTED,
        data: encodeFunctionData({
          abi: devTokenAbi,
          functionName: 'initialize',
          args: ['Imported Test', 'IMP', 8, false, ANVIL_SENDER],
        }),
      },
    ]);
    await search.fill(UNLISTED);
    await popup.page.getByTestId('token-import-look-up').click();
    const confirm = popup.page.getByTestId('token-import-confirm');
    await confirm.waitFor({ timeout: 15_000 });
    expect(await popup.page.getByTestId('token-import').textContent()).toMatch(
      /IMP · Imported Test · 8 decimals.*not on the service's list/,
    );
    await confirm.click();
    await expect.poll(() => popup.popup.fromToken.getAttribute('aria-label')).toBe('From token: IMP');

    // Found by symbol from now on, marked as imported.
    await popup.popup.fromToken.click();
    await search.fill('IMP');
    await expect
      .poll(() => popup.page.getByRole('option', { name: /^IMP / }).first().textContent())
      .toMatch(/imported/);
    // An address that is no token says so, and nothing is imported.
    await search.fill('0x000000000000000000000000000000000000dEaD');
    await popup.page.getByTestId('token-import-look-up').click();
    await expect.poll(() => popup.page.getByTestId('token-import-error').textContent()).toMatch(/No token answers/);
    await popup.page.close();
  }, 120_000);

  it('remembers the form and the wallet across closing and reopening, reconnecting without a prompt (#18)', async () => {
    const accountRequests = () =>
      dappPage.evaluate(
        () =>
          (window as unknown as DappWindow).devWallet.requests.filter((r) => r.method === 'eth_requestAccounts').length,
      );
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.pickToken('from', 'USDC', 'USDC');
    await popup.popup.pickChain('to', 'Arbitrum');
    await popup.popup.pickToken('to', 'USDC', 'USDC');
    await popup.popup.recipient.fill(FRIEND);
    await popup.popup.amount.fill('12,5');
    await popup.popup.routes.first().waitFor({ timeout: 30_000 });
    const prompted = await accountRequests();
    await popup.page.close();

    const again = await JourneyPopup.open(browser.context, browser.extensionId, tabId, { remember: true });
    await again.page.getByTestId('wallet-connected').waitFor({ timeout: 15_000 });
    expect(await accountRequests()).toBe(prompted);
    await expect.poll(() => again.popup.amount.inputValue()).toBe('12,5');
    expect(await again.popup.fromChain.getAttribute('aria-label')).toBe('From chain: Ethereum');
    expect(await again.popup.fromToken.getAttribute('aria-label')).toBe('From token: USDC');
    expect(await again.popup.toChain.getAttribute('aria-label')).toBe('To chain: Arbitrum');
    expect(await again.popup.recipient.inputValue()).toBe(FRIEND);
    // And the routes for it, ready to review.
    await again.popup.routes.first().waitFor({ timeout: 30_000 });
    await again.page.close();
  }, 120_000);
});
