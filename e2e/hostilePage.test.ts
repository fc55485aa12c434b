import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExtensionBrowser,
  launchWithExtension,
  setExtensionStorage,
  tabIdOf,
  testSettings,
} from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { type RunningServer, startServer } from '../server/app';
import { sendProtocolMessage } from './harness/extensionMessages';
import { answer, type FaultProxy, startFaultProxy } from './harness/faultProxy';
import { serveHostileSite } from './harness/hostileSite';
import { copyBuiltExtension } from './pages/extensionCopy';

const API_KEY = 'sk-live-DO-NOT-LEAK-4f1c2e9a7b';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

type Hostile = {
  seen: { name: string; detail: string }[];
  walletRequests: { method: string; params?: unknown }[];
  nonce(): string | undefined;
  send(name: string, detail: unknown): void;
  forgeHello(nonce: string): void;
};
const hostile = (page: Page) => ({
  walletMethods: () =>
    page.evaluate(() => (window as unknown as { hostile: Hostile }).hostile.walletRequests.map((r) => r.method)),
  seen: () => page.evaluate(() => (window as unknown as { hostile: Hostile }).hostile.seen),
  nonce: () => page.evaluate(() => (window as unknown as { hostile: Hostile }).hostile.nonce()),
  send: (name: string, detail: unknown) =>
    page.evaluate(([n, d]) => (window as unknown as { hostile: Hostile }).hostile.send(n, d), [name, detail] as const),
  forgeHello: (nonce: string) =>
    page.evaluate((n) => (window as unknown as { hostile: Hostile }).hostile.forgeHello(n), nonce),
});

const forgedTransaction = { from: ATTACKER, to: ATTACKER, value: '0xde0b6b3a7640000', data: '0x' };

describe('a hostile page cannot drive the bridge, the content scripts or the extension', () => {
  let service: RunningServer;
  let proxy: FaultProxy;
  let site: Awaited<ReturnType<typeof serveHostileSite>>;
  let browser: ExtensionBrowser;
  let page: Page;
  let tabId: number;

  beforeAll(async () => {
    // The service must know the key (an unknown key is a 401 and the catalog would not load).
    service = await startServer({
      rateLimit: { disabled: true },
      logLevel: 'silent',
      keys: { keys: [{ key: API_KEY, tier: 'unlimited' }] },
    });
    proxy = await startFaultProxy(service.url);
    site = await serveHostileSite();
    browser = await launchWithExtension({ extensionDir: copyBuiltExtension() });
    await setExtensionStorage(browser.serviceWorker, {
      settings: testSettings(proxy.url, { apiKey: API_KEY, inlineQuotes: true }),
    });
    page = await browser.context.newPage();
    await page.goto(`${site.url}/`);
    await page.waitForSelector('html[data-hostile="ready"]');
    tabId = await tabIdOf(browser.serviceWorker, site.url);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await proxy?.close();
    await service?.close();
  });

  it('gets no chrome.runtime to message the extension (no externally_connectable)', async () => {
    const reach = await page.evaluate(async (id) => {
      const c = (globalThis as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome;
      const sendMessage = c?.runtime?.sendMessage;
      if (typeof sendMessage !== 'function') return 'no runtime';
      try {
        await (sendMessage as (id: string, m: unknown) => Promise<unknown>)(id, { type: 'getSettings', timestamp: 1 });
        return 'delivered';
      } catch {
        return 'refused';
      }
    }, browser.extensionId);
    expect(reach).not.toBe('delivered');
    expect(reach).toBe('no runtime');
  });

  it('reaches nothing by forging bridge and messaging events before any popup session', async () => {
    const forged = hostile(page);
    const nonce = 'a'.repeat(32);
    await forged.forgeHello(nonce);
    await forged.send(`bridge-companion:${nonce}:in`, JSON.stringify({ type: 'discover' }));
    await forged.send(
      `bridge-companion:${nonce}:in`,
      JSON.stringify({
        type: 'request',
        id: 1,
        walletId: 'hostile-wallet',
        method: 'eth_sendTransaction',
        params: [forgedTransaction],
      }),
    );
    await page.evaluate(() => {
      // @webext-core/messaging's window and custom-event transports, in case anything listens with them.
      const message = { id: 1, type: 'getSettings', data: null, timestamp: Date.now() };
      window.postMessage(
        {
          type: '@webext-core/messaging/window',
          message,
          senderOrigin: location.origin,
          namespace: 'bridge-companion',
          instanceId: 'x',
        },
        '*',
      );
      window.dispatchEvent(
        new CustomEvent('@webext-core/messaging/custom-events', {
          detail: { message, namespace: 'bridge-companion', instanceId: 'x' },
        }),
      );
    });
    await page.waitForTimeout(1_500);
    expect(await forged.walletMethods()).toEqual([]);
    // The MAIN-world page script is only injected by the popup, on the person's click.
    expect(await page.evaluate(() => Symbol.for('bridge-companion.page-channel') in window)).toBe(false);
    const names = (await forged.seen()).map((s) => s.name);
    expect(names.filter((n) => n === 'out')).toEqual([]);
  });

  it('connects through the bridge, yet cannot sign through it, break the popup, or see the API key', async () => {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    const popupErrors: string[] = [];
    popup.page.on('pageerror', (err) => popupErrors.push(err.message));
    popup.page.on('dialog', (dialog) => {
      popupErrors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    const forged = hostile(page);
    const nonce = await forged.nonce();
    // The page can watch the session's channel: the bridge design treats it as public.
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const inbound = `bridge-companion:${nonce}:in`;
    const outbound = `bridge-companion:${nonce}:out`;

    // Signing methods the extension never uses are not relayed, whoever asks.
    for (const [i, method] of [
      'personal_sign',
      'eth_sign',
      'eth_signTypedData_v4',
      // The popup asks wallet_requestPermissions itself (Switch account); revoking is never its to ask.
      'wallet_revokePermissions',
    ].entries()) {
      await forged.send(
        inbound,
        JSON.stringify({
          type: 'request',
          id: 9_000 + i,
          walletId: 'hostile-wallet',
          method,
          params: ['0x00', ATTACKER],
        }),
      );
    }
    // Junk and forged answers towards the popup: dropped by the relay's schema or harmless to the popup.
    const junk: unknown[] = [
      '{',
      'null',
      JSON.stringify('x'.repeat(300_000)),
      JSON.stringify({
        type: 'wallets',
        wallets: [{ id: 'x', name: '<img src=x onerror="alert(1)">', icon: 'javascript:alert(1)' }],
      }),
      JSON.stringify({
        type: 'wallets',
        wallets: Array.from({ length: 50 }, (_, i) => ({ id: `w${i}`, name: 'spam' })),
      }),
      ...Array.from({ length: 20 }, (_, id) =>
        JSON.stringify({ type: 'response', id, result: `0x${'de'.repeat(32)}` }),
      ),
      JSON.stringify({ type: 'response', id: 1, error: { code: 'x', message: 42 } }),
      JSON.stringify({
        type: 'event',
        walletId: 'hostile-wallet',
        event: 'accountsChanged',
        data: ['<b>not an address</b>'],
      }),
      JSON.stringify({ type: 'event', walletId: 'hostile-wallet', event: 'chainChanged', data: '0xzz' }),
      { not: 'a string' },
    ];
    for (const detail of junk) await forged.send(outbound, detail);
    await page.waitForTimeout(1_500);

    const methods = await forged.walletMethods();
    expect(methods).not.toContain('eth_sendTransaction');
    for (const method of ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'wallet_revokePermissions']) {
      expect(methods).not.toContain(method);
    }
    expect(popupErrors).toEqual([]);
    expect(await popup.page.locator('img[onerror], [src^="javascript:"]').count()).toBe(0);
    await popup.waitReady();

    // The key was live (the service got it) but nothing the page can see carries it.
    expect(proxy.requests.some((r) => r.headers['x-api-key'] === API_KEY)).toBe(true);
    const pageVisible = JSON.stringify(await forged.seen()) + (await page.content());
    expect(pageVisible).not.toContain(API_KEY);
    expect(await popup.page.content()).not.toContain(API_KEY);
    const settings = await sendProtocolMessage<{ hasApiKey: boolean }>(popup.page, 'getSettings');
    expect(settings.ok && settings.value.hasApiKey).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(API_KEY);
    await popup.page.close();
  });

  it('cannot redirect a transfer by forging an account switch: the wallet is asked, nothing is sent', async () => {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    const forged = hostile(page);
    const nonce = await forged.nonce();
    // Indistinguishable from the bridge's own event: the popup believes the account changed to the attacker's.
    await forged.send(
      `bridge-companion:${nonce}:out`,
      JSON.stringify({ type: 'event', walletId: 'hostile-wallet', event: 'accountsChanged', data: [ATTACKER] }),
    );
    await expect.poll(() => popup.page.getByTestId('wallet-connected').textContent()).toMatch(/0x0000…dEaD/);
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('5000');
    await popup.routes.first().waitFor({ timeout: 20_000 });
    // The simulated Ethereum gas makes a small transfer lossy: acknowledge it like the person would.
    const lossy = popup.page.getByRole('checkbox', { name: 'I understand I will lose this value' });
    if (await lossy.isVisible()) await lossy.check();
    await expect
      .poll(
        async () => (await popup.sendButton.isEnabled()) || (await popup.page.getByTestId('send-hint').textContent()),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await popup.send();
    // Refused in words: by the review's simulation of the forged account (it holds nothing), or, past it, by the
    // signing flow asking the wallet itself which account is active.
    const error = popup.refusal;
    await error.waitFor({ timeout: 30_000 });
    const said = (await error.textContent()) ?? '';
    expect(said).not.toMatch(/undefined|Error:/);
    expect(said).toMatch(/^Blocked for your safety: |account/i);
    // Before anything that signs, the flow asked the wallet itself which account is active, and stopped.
    expect(await forged.walletMethods()).not.toContain('eth_sendTransaction');
    await popup.page.close();
  });

  it('scrubs the API key from error replies even when the service quotes it back', async () => {
    const popup = await PopupPage.open(browser.context, browser.extensionId);
    proxy.script('/v1/advanced/routes', [
      answer(401, { message: `Unknown API key ${API_KEY}`, code: 1010, errors: { 'x-api-key': API_KEY } }),
    ]);
    const reply = await sendProtocolMessage(popup.page, 'getRoutes', {
      request: {
        fromChainId: '1',
        fromTokenAddress: USDC_ETH,
        toChainId: '42161',
        toTokenAddress: USDC_ARB,
        fromAmount: '123456789',
      },
      channel: 'hostile',
    });
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).not.toContain(API_KEY);
    proxy.reset();
    await popup.page.close();
  });

  it('ignores attacker data in the popup URL', async () => {
    const errors: string[] = [];
    const evil = new URLSearchParams({
      fromChain: '1e99',
      fromToken: '<script>alert(1)</script>',
      toChain: '-5',
      toToken: `${USDC_ARB}' onerror='alert(1)`,
      amount: '1;alert(1)',
      tabId: '-1',
      prefill: '{"__proto__":{"polluted":1}}',
    });
    const page2 = await browser.context.newPage();
    page2.on('pageerror', (err) => errors.push(err.message));
    page2.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page2.goto(`chrome-extension://${browser.extensionId}/popup.html?${evil}#<img src=x onerror=alert(1)>`);
    const popup = new PopupPage(page2);
    await popup.waitReady();
    await expect.poll(() => popup.fromChain.getAttribute('aria-label')).toBe('From chain: Ethereum');
    expect(await popup.toToken.getAttribute('aria-label')).not.toMatch(/onerror|</);
    expect(await popup.amount.inputValue()).toBe('');
    expect(await page2.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
    expect(await page2.locator('img[onerror], script:not([src])').count()).toBe(0);

    // A tab the attacker names that does not exist: a plain refusal, no crash.
    await page2.goto(`chrome-extension://${browser.extensionId}/popup.html?tabId=999999999`);
    await popup.waitReady();
    await page2.getByRole('button', { name: 'Connect wallet' }).click();
    const message = page2.getByTestId('wallet-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.textContent()).not.toMatch(/undefined|Error:|at .+:\d+/);
    expect(errors).toEqual([]);
    await page2.close();
  });
});
