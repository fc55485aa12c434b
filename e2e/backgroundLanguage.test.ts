import { type AddressInfo, createServer } from 'node:net';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { serveExplorer } from './fixtures/explorers/serve';
import { cardOf } from './harness/closedCard';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { recordNotifications } from './harness/notificationRecorder';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ETHEREUM_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** The popup's own words the tests find its controls by, in each language. */
const FORM_WORDS = {
  de: {
    connect: 'Wallet verbinden',
    from: 'Von',
    to: 'Nach',
    search: 'Tokens suchen',
    settings: 'Einstellungen',
    save: 'Einstellungen speichern',
    saved: 'Einstellungen gespeichert.',
  },
  en: {
    connect: 'Connect wallet',
    from: 'From',
    to: 'To',
    search: 'Search tokens',
    settings: 'Settings',
    save: 'Save settings',
    saved: 'Settings saved.',
  },
};
const DECLINED = {
  en: 'You declined the transfer in the wallet. Nothing was sent.',
  de: 'Du hast die Überweisung in der Wallet abgelehnt. Nichts wurde gesendet.',
};

type DevWallet = { setReject(methods: string[]): void; holdNext(kind: 'transfer'): void; held(): boolean };
type ChromeStorage = {
  chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } };
};

/**
 * Issue #33: the words the background builds (a wallet's refusal, an unreachable service, the simulation's refusal,
 * a desktop notification) and the explorer card speak the language chosen in Settings, not the browser's, and a
 * reason stored while another language was chosen is said in the one chosen now. Chromium in English, German
 * chosen in Settings as a person would, on the devnet with the Dev Wallet.
 */
describe('the background in the language chosen in Settings', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  const open = () => PopupPage.open(browser.context, browser.extensionId, { tabId });
  const reject = (methods: string[]) =>
    dappPage.evaluate((m) => (window as unknown as { devWallet: DevWallet }).devWallet.setReject(m), methods);

  /** In the language spoken (German unless told): the wallet connected, then the two sides picked (no amount yet). */
  const pickedForm = async (from: string, to: string, language: keyof typeof FORM_WORDS = 'de') => {
    const words = FORM_WORDS[language];
    const popup = await open();
    await popup.page.getByRole('button', { name: words.connect, exact: true }).click();
    await popup.page.getByTestId('wallet-connected').waitFor({ timeout: 20_000 });
    for (const [side, chain, token] of [
      [words.from, 'Ethereum', from],
      [words.to, 'Arbitrum', to],
    ] as const) {
      await popup.page.getByRole('button', { name: new RegExp(`^${side} Chain:`, 'i') }).click();
      await popup.page.getByRole('dialog').getByRole('button', { name: chain, exact: true }).click();
      await popup.page.getByRole('button', { name: new RegExp(`^${side} Token:`, 'i') }).click();
      await popup.page.getByRole('combobox', { name: words.search }).fill(token);
      await popup.page
        .getByRole('option', { name: new RegExp(`^${token} `) })
        .first()
        .click();
    }
    return popup;
  };

  /** Chooses `language` in Settings as a person would, from a popup speaking `from`. */
  const chooseLanguage = async (language: 'en' | 'de', from: 'en' | 'de') => {
    const popup = await open();
    await popup.page.getByRole('tab', { name: FORM_WORDS[from].settings }).click();
    await popup.page.getByTestId('settings-language').selectOption(language);
    await popup.page.getByRole('button', { name: FORM_WORDS[from].save }).click();
    await popup.page.waitForFunction(
      (saved) => document.querySelector('[data-testid="settings-message"]')?.textContent === saved,
      FORM_WORDS[language].saved,
    );
    await popup.page.close();
  };

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      settings: { notifications: true, inlineQuotes: true },
    });
    ({ browser, dappPage, tabId } = env);
    // Chosen in Settings: the popup saves it, and the background follows the stored setting.
    await chooseLanguage('de', 'en');
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('says in German that the person declined the transfer in the wallet', async () => {
    await reject(['eth_sendTransaction']);
    try {
      const popup = await pickedForm('ETH', 'ETH');
      await popup.page.getByRole('textbox', { name: 'Betrag' }).fill('0,1');
      await popup.routes.first().waitFor({ timeout: 30_000 });
      await popup.send();
      await popup.page.getByTestId('execution-error').waitFor({ timeout: 60_000 });
      expect(await popup.page.getByTestId('execution-error').textContent()).toContain(DECLINED.de);
      await popup.page.close();
    } finally {
      await reject([]);
    }
  }, 180_000);

  it('says in German the reason of a transfer the wallet declined while English was chosen', async () => {
    await chooseLanguage('en', 'de');
    await reject(['eth_sendTransaction']);
    try {
      const popup = await pickedForm('ETH', 'ETH', 'en');
      await popup.page.getByRole('textbox', { name: 'Amount' }).fill('0.1');
      await popup.routes.first().waitFor({ timeout: 30_000 });
      await popup.send();
      await popup.page.getByTestId('execution-error').waitFor({ timeout: 60_000 });
      expect(await popup.page.getByTestId('execution-error').textContent()).toContain(DECLINED.en);
      await popup.page.close();
    } finally {
      await reject([]);
    }
    await chooseLanguage('de', 'en');
    const popup = await open();
    await popup.page.getByRole('tab', { name: 'Aktivität' }).click();
    // The transfer declined in German before is listed too; none of the reasons is left in English.
    const reasons = popup.page.getByTestId('waiting-reason');
    await reasons.first().waitFor({ timeout: 30_000 });
    const shown = await reasons.allTextContents();
    expect(shown.filter((reason) => reason.includes(DECLINED.de)).length).toBeGreaterThan(0);
    expect(shown.filter((reason) => reason.includes(DECLINED.en))).toEqual([]);
    await popup.page.close();
  }, 240_000);

  it('says in German, with German numbers, that the simulation refused a send above what the account holds', async () => {
    const popup = await pickedForm('USDC', 'USDC');
    const amount = popup.page.getByRole('textbox', { name: 'Betrag' });
    await amount.fill('100');
    await popup.routes.first().waitFor({ timeout: 30_000 });
    const german = (n: bigint) => new Intl.NumberFormat('de').format(n);
    // The balance read for the chosen token is shown (none is read again until the form's token changes).
    const before = (await usdcBalance()) / 1_000_000n;
    await expect
      .poll(() => popup.page.getByTestId('balance').textContent(), { timeout: 30_000 })
      .toBe(`Guthaben: ${german(before)} USDC`);
    // 10 USDC leave the account behind the popup's back: the balance it shows is stale, and 5 USDC more than the
    // account now holds passes the form and reaches the review's simulation.
    await nodeCall(1, 'eth_sendTransaction', [
      {
        from: ACCOUNT,
        to: ETHEREUM_USDC,
        data: `0xa9059cbb${'dead'.padStart(64, '0')}${10_000_000n.toString(16).padStart(64, '0')}`,
      },
    ]);
    const held = (await usdcBalance()) / 1_000_000n;
    await amount.fill(String(held + 5n));
    // The hint under the button says what holds it (a stale route, the amount above the balance read): a failure
    // names that state rather than a time-out.
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 60_000 })
      .toBe('Du prüfst jede Angabe, bevor die Wallet gefragt wird.');
    await popup.page.getByTestId('send').click();
    const refused = popup.page.getByTestId('review-refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain(
      `Du hast ${german(held)} USDC; das würde ${german(held + 5n)} senden. Es wurde nichts gesendet.`,
    );
    await popup.page.close();
  }, 180_000);

  it('says in German that the routing service could not be reached', async () => {
    const popup = await pickedForm('ETH', 'ETH');
    const saved = await popup.page.evaluate(
      async () => (await (globalThis as unknown as ChromeStorage).chrome.storage.local.get('settings')).settings,
    );
    const down = await unansweredUrl();
    const store = (settings: unknown) =>
      popup.page.evaluate(
        (s) => (globalThis as unknown as ChromeStorage).chrome.storage.local.set({ settings: s }),
        settings,
      );
    await store({ ...(saved as object), apiBaseUrl: down });
    try {
      await popup.page.getByRole('textbox', { name: 'Betrag' }).fill('0,2');
      const message = popup.page.locator('[data-testid="routes-message"].error');
      await message.waitFor({ timeout: 90_000 });
      expect(await message.textContent()).toBe(`Der Routing-Dienst unter ${new URL(down).host} war nicht erreichbar.`);
    } finally {
      await store(saved);
      await popup.page.close();
    }
  }, 180_000);

  it('shows the explorer card in German, handed the language with the token by the background', async () => {
    await serveExplorer(browser.context, 'https://etherscan.io', 'etherscan');
    const page = await browser.context.newPage();
    await page.goto(`https://etherscan.io/token/${ETHEREUM_USDC}`);
    await expect
      .poll(() => cardOf(page).text('[data-testid="bc-card"]'), { timeout: 30_000 })
      .toContain('USDC von Ethereum bridgen');
    await page.close();
  }, 120_000);

  it('notifies in German that a transfer cut off waits for the person', async () => {
    const shown = await recordNotifications(browser.serviceWorker);
    await dappPage.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.holdNext('transfer'));
    const popup = await pickedForm('ETH', 'ETH');
    await popup.page.getByRole('textbox', { name: 'Betrag' }).fill('0,1');
    await popup.routes.first().waitFor({ timeout: 30_000 });
    await popup.send();
    await dappPage.waitForFunction(() => (window as unknown as { devWallet: DevWallet }).devWallet.held(), undefined, {
      timeout: 60_000,
    });
    // The page with the wallet goes away while the wallet decides: the background stops the send as interrupted.
    await dappPage.close();
    await expect
      .poll(async () => (await shown()).filter((n) => n.id.startsWith('execution:')), { timeout: 60_000 })
      .toEqual([
        expect.objectContaining({
          title: 'Deine Überweisung wartet auf dich',
          message:
            'Die Seite mit deiner Wallet wurde geschlossen oder neu geladen. Öffne sie wieder und versuche es erneut.',
        }),
      ]);
    await popup.page.close();
  }, 180_000);

  async function nodeCall(chainId: number, method: string, params: unknown[]): Promise<unknown> {
    const node = env.devnet.nodes.find((n) => n.chainId === chainId);
    if (!node) throw new Error(`no devnet chain ${chainId}`);
    const res = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await res.json()) as { result?: unknown; error?: unknown };
    if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  }

  async function usdcBalance(): Promise<bigint> {
    const call = { to: ETHEREUM_USDC, data: `0x70a08231${ACCOUNT.slice(2).toLowerCase().padStart(64, '0')}` };
    return BigInt((await nodeCall(1, 'eth_call', [call, 'latest'])) as string);
  }
});

/** A loopback address nothing listens on: a port the system just handed out and took back. */
async function unansweredUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
