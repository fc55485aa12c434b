import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { devWalletSends } from './harness/devWalletSends';
import { type FaultProxy, startFaultProxy } from './harness/faultProxy';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Never send what is not on screen (issue #20, point 1): routes found for earlier details stay listed while the next
 * search is on its way, and Bridge must not send them. On the devnet with the Dev Wallet, whose request log shows
 * what the wallet was asked.
 */
describe('the popup sends only routes for the details on screen', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;
  let proxy: FaultProxy;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      // In front of the service, so a test can make it unreachable (the extension's fetches are not Playwright's).
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startFaultProxy(serviceUrl);
        return proxy.url;
      },
    });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  const walletSends = () => devWalletSends(dappPage);

  it('disables Bridge, and says why, from the keystroke that changes the amount until the new routes arrive', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.2' });
    const send = popup.popup.sendButton;
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
    const sendsBefore = await walletSends();

    // The new search is answered 3 s late, so the checks below cannot miss the held state on a slow machine.
    proxy.script('/v1/advanced/routes', [{ kind: 'delay', ms: 3_000 }]);
    await popup.popup.amount.fill('0.3');
    // At once, before the new routes arrive: the routes for 0.2 are still listed, Bridge is held.
    expect(await popup.popup.routes.count()).toBeGreaterThan(0);
    expect(await send.isDisabled()).toBe(true);
    expect(await popup.page.getByTestId('send-hint').textContent()).toMatch(/for the details you had before/);
    await send.click({ force: true, timeout: 2_000 }).catch(() => undefined);
    expect(await walletSends()).toBe(sendsBefore);

    // The routes for 0.3 arrive: Bridge is enabled again, for what the screen says.
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await popup.page.getByTestId('send-hint').textContent()).not.toMatch(/details you had before/);
    proxy.reset();
    await popup.page.close();
  }, 120_000);

  it('shows no route through an exchange set to "Never", though the spec’s service filters bridges only', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.popup.tab('Settings').click();
    // 0x: an exchange inside some of the service's USDC → ETH routes (after 1inch), never in an ETH → ETH one.
    const exchange = popup.page.locator('fieldset.bridges label', { hasText: /^0x/ }).locator('select');
    await exchange.selectOption('deny');
    await popup.page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => popup.page.getByTestId('settings-message').textContent()).toBe('Settings saved.');
    await popup.popup.tab('Transfer').click();
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.1' });
    expect(await popup.popup.routes.count()).toBeGreaterThan(0);
    expect(await popup.page.getByText(/did not accept these details/).count()).toBe(0);
    // A pair that needs swaps: the service still offers routes through 0x, the popup shows none of them.
    await popup.fill({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ETH'], amount: '25' });
    await popup.popup.showAllRoutes();
    const steps = await popup.page.getByTestId('route-steps').allTextContents();
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.join(' ')).not.toMatch(/via 0x/);
    await popup.page.close();
  }, 120_000);

  it('links the sent transaction at once, and names another recipient in Activity', async () => {
    const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.05', recipient: friend });
    // Each card says what goes in and comes out at each step, and the screen reader hears the path too.
    const steps = await popup.page.getByTestId('route-steps').first().textContent();
    expect(steps).toMatch(/^Bridge 0\.05 ETH → 0\.0\d+ ETH via \S+/);
    expect(await popup.routeChoices.first().getAttribute('aria-description')).toMatch(/^ETH → ETH\. Bridge 0\.05 ETH/);
    await popup.send();
    // The explorer's page for it, from the record made when the wallet answered (src/background/transfers/
    // tracking.test.ts shows it is there before any status answer).
    const link = popup.page.getByTestId('sent-tx-link');
    await link.waitFor({ timeout: 5_000 });
    expect(await link.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*tx\/0x[0-9a-f]{64}$/);
    await popup.popup.tab('Activity').click();
    await expect
      .poll(() => popup.page.getByTestId('transfer-recipient').first().textContent(), { timeout: 10_000 })
      .toMatch(/^ · to 0x7099…79C8( Copy)?$/);
    await popup.page.close();
  }, 120_000);

  it('asks who receives on Arbitrum when the connected account is a smart account on Ethereum', async () => {
    // Issue #42: a Safe's address on one chain may be no one's on another. The Dev Wallet's account is given code
    // on Ethereum for this test (and its plain state back after).
    const ethereum = env.devnet.nodes.find((node) => node.chainId === 1)!;
    const account = (await dappPage.evaluate('window.devWallet.address')) as string;
    const setCode = (code: string) =>
      fetch(ethereum.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [account, code] }),
      });
    await setCode('0x6001600055');
    try {
      const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
      await popup.connect();
      await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.01' });
      const notice = popup.page.getByTestId('recipient-smart-account');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toBe(
        'Your account is a smart account (a contract) on Ethereum: the same address may not be yours on Arbitrum. Enter who receives there.',
      );
      expect(await popup.page.getByTestId('send-hint').textContent()).toBe('Complete the details above.');
      await popup.popup.recipient.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
      await expect.poll(() => notice.count()).toBe(0);
      await popup.page.close();
    } finally {
      await setCode('0x');
    }
  }, 120_000);

  it('reads "0,1" with a decimal comma as 0.1, and refuses an ambiguous "1,500" with both readings', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0,1' });
    const label = await popup.routeChoices.first().getAttribute('aria-label');
    // About 0.1 ETH arrives (fees aside), not 1 or 0.01.
    const received = Number(/receive ([\d.,]+) ETH/.exec(label ?? '')?.[1]?.replaceAll(',', ''));
    expect(received).toBeGreaterThan(0.09);
    expect(received).toBeLessThanOrEqual(0.1);
    await popup.popup.amount.fill('1,500');
    await expect.poll(() => popup.page.getByText('Enter 1.500 or 1500: "1,500" could mean either.').count()).toBe(1);
    await popup.page.close();
  }, 120_000);

  it('warns when the recipient is a contract on the destination chain, read through the trusted RPC', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.pickToken('from', 'USDC', 'USDC');
    await popup.popup.pickChain('to', 'Arbitrum');
    await popup.popup.pickToken('to', 'USDC', 'USDC');
    const warning = popup.page.getByTestId('recipient-contract');
    // USDC's own contract on Arbitrum, the token chosen: a paste mistake that would lose the funds, refused (#42).
    await popup.popup.recipient.fill('0xaf88d065e77c8cC2239327C5EDb3A432268e5831');
    expect(await popup.page.getByTestId('recipient-error').textContent()).toBe(
      "That is the USDC token's own contract, not an account: what is sent there is lost. Enter the receiving account's address.",
    );
    // Another contract there (ARB's token): warned, the person decides.
    await popup.popup.recipient.fill('0x912CE59144191C1204E64559FE8253a0e49E6548');
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toMatch(
      /^This address is a contract on Arbitrum\. Send only if you know it can receive USDC there/,
    );
    // A person's address: no warning.
    await popup.popup.recipient.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(0);
    // An address never used on Arbitrum: asked to check it (#42).
    await popup.popup.recipient.fill('0x000000000000000000000000000000000000beef');
    const unused = popup.page.getByTestId('recipient-unused');
    await unused.waitFor({ timeout: 10_000 });
    expect(await unused.textContent()).toMatch(
      /^This address has never sent a transaction and holds nothing on Arbitrum\./,
    );
    await popup.page.close();
  }, 120_000);

  it('names the service it cannot reach, keeps the form, and finds the routes on Try again', async () => {
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.popup.pickChain('from', 'Ethereum');
    await popup.popup.pickToken('from', 'ETH', 'ETH');
    await popup.popup.pickChain('to', 'Arbitrum');
    await popup.popup.pickToken('to', 'ETH', 'ETH');
    // Every route search is cut off without an answer, retries included.
    proxy.script('/v1/advanced/routes', [], { kind: 'drop' });
    await popup.popup.amount.fill('0.15');
    const message = popup.page.getByTestId('routes-message');
    await expect
      .poll(() => message.textContent(), { timeout: 30_000 })
      .toBe(`Could not reach the routing service at ${new URL(proxy.url).host}.`);
    expect(await popup.page.getByTestId('send-hint').textContent()).toBe('No route to send yet: see Routes above.');
    // The service is back: one click, and the same details find their routes.
    proxy.reset();
    await popup.page.getByTestId('routes-retry').click();
    await popup.popup.routes.first().waitFor({ timeout: 30_000 });
    expect(await popup.popup.amount.inputValue()).toBe('0.15');
    expect(await popup.page.getByTestId('routes-retry').count()).toBe(0);
    await popup.page.close();
  }, 120_000);
});
