import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  getExtensionStorage,
  launchWithExtension,
  setExtensionStorage,
  testSettings,
} from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type RunningServer, startServer } from '../server/app';
import { copyBuiltExtension } from './pages/extensionCopy';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('popup against the reference service', () => {
  let service: RunningServer;
  let browser: ExtensionBrowser;
  let extensionCopy: string;
  const open = (params: Record<string, string | number> = {}) =>
    PopupPage.open(browser.context, browser.extensionId, params);

  beforeAll(async () => {
    service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
    extensionCopy = copyBuiltExtension();
    browser = await launchWithExtension({ extensionDir: extensionCopy });
    await setExtensionStorage(browser.serviceWorker, { settings: testSettings(service.url) });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('opens with chains from the service and letter avatars when logos fail', async () => {
    const popup = await open();
    expect(await popup.page.locator('html').getAttribute('data-ready')).toBe('ready');
    await expect.poll(() => popup.fromChain.getAttribute('aria-label')).toBe('From chain: Ethereum');
    await expect.poll(() => popup.toChain.getAttribute('aria-label')).toBe('To chain: OP Mainnet');
    await popup.fromChain.click();
    const dialog = popup.page.getByRole('dialog', { name: 'Send from chain' });
    await dialog.getByRole('button', { name: 'Arbitrum', exact: true }).waitFor();
    // No network for the logo host in tests: every chain shows its letter avatar instead of a broken image.
    await expect.poll(() => dialog.getByTestId('avatar-letter').count()).toBeGreaterThan(3);
    await popup.page.keyboard.press('Escape');
    await popup.pickChain('from', 'Arbitrum');
    expect(await popup.fromChain.getAttribute('aria-label')).toBe('From chain: Arbitrum');
    await popup.page.close();
  });

  it('searches tokens by symbol, name and pasted address', async () => {
    const popup = await open();
    await popup.fromToken.click();
    let options = await popup.searchTokens('usdc');
    await expect.poll(() => options.first().getAttribute('aria-label')).toMatch(/^USDC /);
    options = await popup.searchTokens('dai stable');
    await expect.poll(() => options.first().getAttribute('aria-label')).toMatch(/^DAI /);
    options = await popup.searchTokens(USDC_ETH.toLowerCase());
    await expect.poll(() => options.first().getAttribute('aria-label')).toMatch(/^USDC /);
    expect(await options.count()).toBe(1);
    await popup.page.keyboard.press('Enter');
    expect(await popup.fromToken.getAttribute('aria-label')).toBe('From token: USDC');
    await popup.page.close();
  });

  it('works from the keyboard alone', async () => {
    const popup = await open();
    await popup.toToken.focus();
    await popup.page.keyboard.press('Enter');
    await popup.page.getByRole('combobox', { name: 'Search tokens' }).waitFor();
    await popup.page.keyboard.type('usd');
    await expect.poll(() => popup.page.getByTestId('token-count').textContent()).toMatch(/^\d+ tokens$/);
    await expect.poll(() => popup.tokenOptions.nth(1).getAttribute('aria-label')).toMatch(/^USD/);
    const second = await popup.tokenOptions.nth(1).getAttribute('aria-label');
    await popup.page.keyboard.press('ArrowDown');
    await popup.page.keyboard.press('Enter');
    expect(await popup.toToken.getAttribute('aria-label')).toBe(`To token: ${second!.split(' ')[0]}`);
    // Focus returns to the opener; Escape closes a picker without changing anything.
    expect(await popup.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^To token:/);
    await popup.page.keyboard.press('Enter');
    await popup.page.getByRole('combobox', { name: 'Search tokens' }).waitFor();
    await popup.page.keyboard.press('Escape');
    await expect.poll(() => popup.page.getByRole('dialog').count()).toBe(0);
    await popup.page.close();
  });

  it('validates the form inline in plain words', async () => {
    const popup = await open();
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.amount.fill('1.2.3');
    expect(await popup.error('amount').textContent()).toBe('Enter an amount such as 1.5 or 1,5.');
    await popup.amount.fill('1.1234567');
    expect(await popup.error('amount').textContent()).toBe('USDC allows at most 6 decimals.');
    await popup.amount.fill('0');
    expect(await popup.error('amount').textContent()).toBe('Enter an amount greater than zero.');
    await popup.recipient.fill('0x1234');
    expect(await popup.error('recipient').textContent()).toMatch(/valid address/);
    await popup.recipient.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79c8');
    expect(await popup.error('recipient').textContent()).toMatch(/checksum/);
    await popup.pickChain('to', 'Ethereum');
    await popup.pickToken('to', 'USDC', 'USDC');
    expect(await popup.error('pair').textContent()).toMatch(/same token on the same chain/);
    await popup.page.close();
  });

  it('shows routes with amounts, minimum, fees, time and tags, then a countdown', async () => {
    const popup = await open();
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('250');
    await popup.routes.first().waitFor({ timeout: 15_000 });
    const first = await popup.routes.first().textContent();
    expect(first).toMatch(/USDC/);
    expect(first).toMatch(/Min\s*\d/);
    expect(first).toMatch(/ fee \$|No fees listed/);
    expect(first).toMatch(/Time/);
    const tags = await popup.page.getByTestId('route-tag').allTextContents();
    expect(tags).toContain('best return');
    await expect.poll(() => popup.page.getByTestId('refresh-countdown').textContent()).toMatch(/Refreshing in \d+ s/);
    await popup.page.getByRole('radio').nth(0).check();
    expect(await popup.page.getByTestId('send-hint').textContent()).toBe('Connect a wallet to send.');
    await popup.page.close();
  });

  it('says plainly when no route exists for a tiny amount', async () => {
    const popup = await open();
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('0.000001');
    const message = popup.page.getByTestId('routes-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.textContent()).toMatch(/No route|too small/i);
    await popup.page.close();
  });

  it('prefills from URL parameters', async () => {
    const popup = await open({ fromChain: 1, fromToken: USDC_ETH, toChain: 42161, amount: '12.5' });
    await expect.poll(() => popup.fromToken.getAttribute('aria-label')).toBe('From token: USDC');
    await expect.poll(() => popup.toChain.getAttribute('aria-label')).toBe('To chain: Arbitrum');
    expect(await popup.amount.inputValue()).toBe('12.5');
    await popup.page.close();
  });

  it('takes the prefill an explorer card left, once', async () => {
    await browser.serviceWorker.evaluate(async (usdc) => {
      const c = (globalThis as unknown as { chrome: { storage: { session: { set(v: object): Promise<void> } } } })
        .chrome;
      await c.storage.session.set({
        prefill: {
          prefill: { fromChainId: 1, fromTokenAddress: usdc, toChainId: 8453, amount: '7' },
          storedAt: Date.now(),
        },
      });
    }, USDC_ETH);
    let popup = await open();
    await expect.poll(() => popup.fromToken.getAttribute('aria-label')).toBe('From token: USDC');
    await expect.poll(() => popup.toChain.getAttribute('aria-label')).toBe('To chain: Base');
    expect(await popup.amount.inputValue()).toBe('7');
    await popup.page.close();
    popup = await open();
    await popup.page.waitForTimeout(500);
    expect(await popup.amount.inputValue()).toBe('');
    await popup.page.close();
  });

  it('keeps settings, and never shows the API key back', async () => {
    let popup = await open();
    await popup.tab('Settings').click();
    expect(await popup.page.getByTestId('api-key-state').textContent()).toBe('(not set)');
    await popup.page.getByLabel(/API key/).fill('test-key-123');
    await popup.page.getByRole('checkbox', { name: 'Notify me when a transfer finishes' }).check();
    const bridges = popup.page.getByRole('group', { name: 'Bridges and exchanges' }).getByRole('combobox');
    await bridges.first().waitFor();
    await bridges.first().selectOption('deny');
    await bridges.nth(1).selectOption('prefer');
    await popup.page.getByRole('button', { name: 'Save settings' }).click();
    // A new key is another service as far as Settings knows: it asks the chains again and says how many answered.
    await expect
      .poll(() => popup.page.getByTestId('settings-message').textContent())
      .toMatch(/^Settings saved\. The routing service answers: \d+ chains\.$/);
    await popup.page.close();

    popup = await open();
    await popup.tab('Settings').click();
    await expect.poll(() => popup.page.getByTestId('api-key-state').textContent()).toBe('(set)');
    expect(await popup.page.getByLabel(/API key/).inputValue()).toBe('');
    expect(await popup.page.content()).not.toContain('test-key-123');
    expect(await popup.page.getByRole('checkbox', { name: 'Notify me when a transfer finishes' }).isChecked()).toBe(
      true,
    );
    const stored = (await getExtensionStorage(browser.serviceWorker, 'settings')) as {
      notifications: boolean;
      apiKey: string;
      bridges: { deny: string[]; prefer: string[] };
    };
    expect(stored.notifications).toBe(true);
    expect(stored.apiKey).toBe('test-key-123');
    expect(stored.bridges.deny).toHaveLength(1);
    expect(stored.bridges.prefer).toHaveLength(1);
    expect(
      await popup.page.getByRole('group', { name: 'Bridges and exchanges' }).getByRole('combobox').first().inputValue(),
    ).toBe('deny');
    await popup.page.close();
  });

  it('lists tracked transfers in Activity and updates them live', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const token = (chainId: number, address: string) => ({
      address,
      chainId: String(chainId),
      symbol: 'USDC',
      decimals: 6,
      name: 'USD Coin',
    });
    const record = {
      txHash: hash,
      routeId: 'r1',
      tool: 'across',
      toolName: 'Across',
      fromChainId: 1,
      toChainId: 10,
      fromToken: token(1, USDC_ETH),
      toToken: token(10, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
      fromAmount: '5000000',
      toAmount: '4990000',
      toAmountMin: '4960000',
      fromAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      toAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      executionDuration: 60,
      approvedTx: {
        chainId: 1,
        from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        to: '0xB71D6e00000000000000000000000000000c0de1',
        data: '0x1234',
        value: '0',
      },
      sentCheck: { state: 'verified', rpcHost: '127.0.0.1:8545' },
      createdAt: Date.now(),
      updatedAt: Date.now(),
      status: 'PENDING',
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      sendingTxLink: `https://etherscan.io/tx/${hash}`,
      final: false,
      checks: 1,
      consecutiveErrors: 0,
      // Far in the future so the background's poller leaves this fixture alone during the test.
      nextCheckAt: Date.now() + 86_400_000,
    };
    // One record per transfer (storage v3): a transaction no execution claims is a record of its own, by its hash.
    const stored = (send: object) => ({
      [hash]: { id: hash, createdAt: Date.now(), updatedAt: Date.now(), sends: [send] },
    });
    // With the item's version beside it, as the background writes it: a value without one is taken for version 1
    // and migrated again by the first page that opens the item.
    await setExtensionStorage(browser.serviceWorker, { transfers: stored(record), transfers$: { v: 3 } });
    const popup = await open();
    await popup.tab('Activity').click();
    const item = popup.page.getByTestId('transfer');
    await item.first().waitFor();
    expect(await item.first().textContent()).toMatch(/5 USDC → USDC/);
    expect(await popup.page.getByTestId('transfer-status').first().textContent()).toBe('In progress');
    expect(await popup.page.getByRole('link', { name: 'Source transaction' }).getAttribute('href')).toBe(
      record.sendingTxLink,
    );

    await setExtensionStorage(browser.serviceWorker, {
      transfers: stored({
        ...record,
        status: 'DONE',
        substatus: 'COMPLETED',
        final: true,
        receiving: {
          txHash: hash,
          txLink: `https://optimistic.etherscan.io/tx/${hash}`,
          amount: '4990000',
          token: record.toToken,
          chainId: 10,
        },
        // Complete only once the destination chain showed the arrival.
        arrival: { state: 'confirmed', amount: '4990000', rpcHost: '127.0.0.1:8548' },
      }),
    });
    await expect
      .poll(() => popup.page.getByTestId('transfer-status').first().textContent(), { timeout: 10_000 })
      .toBe('Completed');
    expect(await popup.page.getByRole('link', { name: 'Destination transaction' }).count()).toBe(1);
    await popup.page.close();
  });

  it('explains that a browser page cannot host a wallet', async () => {
    const tab = await browser.context.newPage();
    await tab.goto('chrome://version/').catch(() => {});
    const popup = await open();
    const tabId = await popup.page.evaluate(async () => {
      const c = (
        globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }
      ).chrome;
      const tabs = await c.tabs.query({});
      return tabs.find((t) => t.url?.startsWith('chrome://version'))?.id;
    });
    expect(tabId).toBeTypeOf('number');
    await popup.page.close();
    const withTab = await open({ tabId: tabId! });
    // Said on opening, before the person tries to connect; trying anyway gives the same advice.
    const message = withTab.page.getByTestId('wallet-message');
    await message.waitFor();
    expect(await message.textContent()).toMatch(/Browser pages cannot reach your wallet/);
    await withTab.page.getByRole('button', { name: 'Connect wallet' }).click();
    await expect.poll(() => message.textContent()).toMatch(/Browser pages cannot reach your wallet/);
    await withTab.page.close();
    await tab.close();
  });
});
