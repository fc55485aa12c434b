import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDapp, serveDapp } from '../../devtools/dapp/serve';
import { type RunningServer, startServer } from '../../server/app';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { storedSends } from '../harness/storedRecords';
import { buildFirefoxExtension, elementBy, extensionTab, launchFirefox, waitInPage } from './firefox';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

type ExtensionApi = {
  browser: {
    storage: { local: { get(k: string): Promise<Record<string, unknown>> } };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]>; create(o: object): Promise<unknown> };
    runtime: { getURL(p: string): string };
    notifications: { getAll(): Promise<Record<string, unknown>> };
  };
};

// The card's shadow root: `document.querySelector('bridge-companion-card')?.shadowRoot` (functions run in the page
// are serialized, so each one spells it out).

/**
 * The add-on in a real Firefox ESR (WebDriver BiDi, puppeteer-core) on the devnet: the MV2 background page, the
 * inline card on the devnet explorer, the popup (opened by the card, as a tab) and a transfer tracked to its
 * notification.
 */
describe('Firefox', () => {
  let devnet: Devnet;
  let service: RunningServer;
  let dapp: Awaited<ReturnType<typeof serveDapp>>;
  let build: ReturnType<typeof buildFirefoxExtension>;
  let browser: Browser;
  let explorer: Page;

  beforeAll(async () => {
    devnet = await startDevnet({ timeFactor: 0.01, chainIds: [1, 42161] });
    service = await startServer({ devnet, timeFactor: 0.01, logLevel: 'silent', rateLimit: { disabled: true } });
    dapp = await serveDapp(await buildDapp());
    // The card's root is closed in every other build; BiDi has no way into a closed root from the extension's world.
    build = buildFirefoxExtension({ BRIDGE_API_URL: service.url, BRIDGE_CARD_OPEN_ROOT: '1' });
    // Firefox opens the toolbar popup for the card's "open" button, but BiDi cannot drive a toolbar popup. With
    // openPopup() refused (as a person may set it), the background falls back to popup.html in a tab, which it can.
    ({ browser } = await launchFirefox(build.dir, { 'extensions.openPopupWithoutUserGesture.enabled': false }));
    // Builds the extension (12–40 s, more on a busy machine) before anything runs.
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    build?.remove();
    await dapp?.close();
    await service?.close();
    await devnet?.stop();
  });

  it('runs the background, which puts the card with quotes into a devnet explorer token page', async () => {
    explorer = await browser.newPage();
    await explorer.goto(`${service.url}/explorer/1/token/${USDC_ETH}`);
    // The quotes come from the background page: the card asks it, it asks the service.
    await waitInPage(
      explorer,
      () =>
        (document.querySelector('bridge-companion-card')?.shadowRoot?.querySelectorAll('[data-testid="bc-quote"]')
          .length ?? 0) >= 1,
    );
    const text = await explorer.evaluate(
      () =>
        document.querySelector('bridge-companion-card')?.shadowRoot?.querySelector('[data-testid="bc-card"]')
          ?.textContent,
    );
    expect(text).toContain('Bridge USDC from Ethereum');
    expect(text).toMatch(/USDC/);
  });

  it('opens the popup from the card, prefilled, and it fetches routes', async () => {
    const open = await elementBy(explorer, () =>
      document.querySelector('bridge-companion-card')?.shadowRoot?.querySelector('[data-testid="bc-open"]'),
    );
    await open.click();
    const popup = await extensionTab(browser, '/popup.html');
    await waitInPage(popup, () => document.documentElement.hasAttribute('data-ready'));
    // The card's amount (100 USDC) is handed over as the prefill.
    await waitInPage(
      popup,
      () =>
        (document.querySelector('input[aria-describedby="amount-help"]') as HTMLInputElement | null)?.value === '100',
    );
    await waitInPage(popup, () => document.querySelectorAll('[data-testid="route"]').length >= 1);
    const routes = await popup.evaluate(() =>
      [...document.querySelectorAll('[data-testid="route"] input[type="radio"]')].map((r) =>
        r.getAttribute('aria-label'),
      ),
    );
    expect(routes.length).toBeGreaterThanOrEqual(1);
    expect(routes[0]).toMatch(/: receive [\d,.]+ USDC/);
    await popup.close();
  });

  it('sends a transfer through the Dev Wallet page and tracks it to a notification', async () => {
    const dappPage = await browser.newPage();
    await dappPage.goto(`${dapp.url}/?service=${encodeURIComponent(service.url)}&chain=1`);
    await waitInPage(dappPage, () => document.documentElement.dataset.wallet === 'ready');

    // An extension page to read storage and open the popup for the dapp's tab, as the toolbar button would.
    await open(explorer);
    const monitor = await extensionTab(browser, '/popup.html');
    const tabId = await monitor.evaluate(
      async (url) =>
        (await (globalThis as unknown as ExtensionApi).browser.tabs.query({})).find((t) => t.url?.startsWith(url))?.id,
      dapp.url,
    );
    expect(tabId).toBeTypeOf('number');
    // Firefox keeps no list of shown notifications in headless mode (notifications.getAll() stays empty): the
    // monitor page hears them being shown or closed instead, as every extension page does.
    await monitor.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { seen: string[] }).seen = seen;
      const n = (
        globalThis as unknown as {
          browser: { notifications: Record<'onShown' | 'onClosed', { addListener(f: (id: string) => void): void }> };
        }
      ).browser.notifications;
      n.onShown.addListener((id) => seen.push(id));
      n.onClosed.addListener((id) => seen.push(id));
    });
    // The sent transaction is read back through the RPC the extension trusts before it is tracked: point that at
    // this devnet's own ports (an extension page writes the setting; the background follows storage).
    const rpcUrls = Object.fromEntries(devnet.nodes.map((node) => [String(node.chainId), node.rpcUrl]));
    await monitor.evaluate(async (urls) => {
      const local = (
        globalThis as unknown as {
          browser: {
            storage: { local: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } };
          };
        }
      ).browser.storage.local;
      const { settings } = await local.get('settings');
      await local.set({ settings: { ...(settings as object), rpcUrls: urls } });
    }, rpcUrls);
    const before = await transferCount(monitor);
    await monitor.evaluate(async (id) => {
      await (globalThis as unknown as ExtensionApi).browser.tabs.create({
        url: (globalThis as unknown as ExtensionApi).browser.runtime.getURL(`popup.html?tabId=${id}`),
      });
    }, tabId);
    const popup = await extensionTabWith(browser, `tabId=${tabId}`);
    await waitInPage(popup, () => document.documentElement.hasAttribute('data-ready'));

    await (await buttonNamed(popup, 'Connect wallet')).click();
    await waitInPage(popup, () => document.querySelector('[data-testid="wallet-connected"]'));
    await pick(popup, 'From chain:', 'Ethereum');
    await pickToken(popup, 'From token:', 'USDC');
    await pick(popup, 'To chain:', 'Arbitrum');
    await pickToken(popup, 'To token:', 'USDC');
    // The popup restores the last form (the card's prefilled amount from the test before): replace, not append.
    await popup.$eval('input[aria-describedby="amount-help"]', (input) => (input as HTMLInputElement).select());
    await popup.type('input[aria-describedby="amount-help"]', '25');
    await waitInPage(popup, () => document.querySelectorAll('[data-testid="route"]').length >= 1);
    await waitInPage(popup, () => !(document.querySelector('[data-testid="send"]') as HTMLButtonElement)?.disabled);
    await (await elementBy(popup, () => document.querySelector('[data-testid="send"]'))).click();
    // The review lists what the wallet will ask (the approval after the allowance is read), then the person confirms.
    await waitInPage(popup, () => document.querySelector('[data-testid="review-requests"][aria-busy="false"]'));
    await (await elementBy(popup, () => document.querySelector('[data-testid="review-confirm"]'))).click();
    await waitInPage(popup, () => document.querySelector('[data-testid="execution-done"]'), 90_000);
    await popup.close();

    // The background page tracks it to DONE and notifies, with the popup closed.
    await expect
      .poll(async () => (await transfers(monitor))[0]?.notifiedAt, { timeout: 120_000, interval: 1_000 })
      .toBeDefined();
    const [record] = await transfers(monitor);
    expect(await transferCount(monitor)).toBe(before + 1);
    expect(record).toMatchObject({ status: 'DONE', fromChainId: 1, toChainId: 42161, fromAmount: '25000000' });
    // Firefox may report the notification shown a moment after create() resolved and notifiedAt was written.
    const notifications = () =>
      monitor.evaluate(async () => [
        ...Object.keys(await (globalThis as unknown as ExtensionApi).browser.notifications.getAll()),
        ...(globalThis as unknown as { seen: string[] }).seen,
      ]);
    await expect
      .poll(notifications, { timeout: 10_000, interval: 250 })
      .toContain(`transfer:${String(record?.txHash).toLowerCase()}`);
  }, 240_000);

  async function open(page: Page): Promise<void> {
    await (
      await elementBy(page, () =>
        document.querySelector('bridge-companion-card')?.shadowRoot?.querySelector('[data-testid="bc-open"]'),
      )
    ).click();
  }
});

type Record_ = { status: string; notifiedAt?: number; createdAt: number; txHash: string } & Record<string, unknown>;
async function transfers(page: Page): Promise<Record_[]> {
  const stored = await page.evaluate(
    async () => (await (globalThis as unknown as ExtensionApi).browser.storage.local.get('transfers')).transfers,
  );
  return storedSends(stored) as unknown as Record_[];
}
const transferCount = async (page: Page) => (await transfers(page)).length;

async function extensionTabWith(browser: Browser, query: string): Promise<Page> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const page of await browser.pages()) {
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (href.startsWith('moz-extension://') && href.includes(query)) return page;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no extension tab with ${query}`);
}

function buttonNamed(page: Page, name: string) {
  return elementBy(
    page,
    (n) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === n),
    name,
  );
}

/** Opens a chain picker by its label's start and picks the chain by name. */
async function pick(page: Page, label: string, chain: string): Promise<void> {
  await (await elementBy(page, (l) => document.querySelector(`button[aria-label^="${l}"]`), label)).click();
  const option = await elementBy(
    page,
    (name) =>
      [...document.querySelectorAll('[role="dialog"] button.chain-option')].find(
        (b) => b.lastElementChild?.textContent?.trim() === name,
      ),
    chain,
  );
  await option.click();
}

async function pickToken(page: Page, label: string, symbol: string): Promise<void> {
  await (await elementBy(page, (l) => document.querySelector(`button[aria-label^="${l}"]`), label)).click();
  // The picker loads when first opened: wait for its field rather than typing into nothing.
  await (await elementBy(page, () => document.querySelector('input[aria-label="Search tokens"]'))).type(symbol);
  const option = await elementBy(
    page,
    (s) =>
      [...document.querySelectorAll('[role="option"]')].find((o) => o.getAttribute('aria-label')?.startsWith(`${s} `)),
    symbol,
  );
  await option.click();
}
