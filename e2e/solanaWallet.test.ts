import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SOLANA_ADDRESS } from '../devtools/devwallet/keys';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

type DappWindow = {
  devWallet: { solanaAddress?: string; requests: { method: string; params?: unknown }[] };
};

const short = `${DEV_SOLANA_ADDRESS.slice(0, 4)}…${DEV_SOLANA_ADDRESS.slice(-4)}`;

/**
 * The person's Solana wallet, found in the page as the Wallet Standard announces it (the Dev Wallet registers its
 * funded devnet key), connected from the popup, its SOL and USDC read through the trusted Solana RPC (the devnet's).
 */
describe('the Solana wallet of the page (devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1], walletChainId: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('finds the Dev Wallet registered for Solana, connects it and shows its SOL and USDC as the devnet holds them', async () => {
    expect(await env.dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.solanaAddress)).toBe(
      DEV_SOLANA_ADDRESS,
    );
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect Solana wallet' }).click();
    const connected = popup.page.getByTestId('solana-connected');
    await connected.waitFor({ timeout: 20_000 });
    await expect
      .poll(
        () =>
          popup.page
            .getByTestId('solana-balances')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('25 SOL · 1,000 USDC');
    expect(await connected.textContent()).toContain(`Solana · Dev Wallet · ${short}`);
    const asked = await env.dappPage.evaluate(() =>
      (window as unknown as DappWindow).devWallet.requests.map((r) => r.method),
    );
    expect(asked).toContain('standard:connect');
    await popup.page.close();
  });

  it('refuses a hostile page forging Solana wallet messages on the session channel', async () => {
    // The page watches for the session's hello, as any page can.
    await env.dappPage.evaluate(() => {
      const w = window as unknown as { seenNonces: string[] };
      w.seenNonces = [];
      window.addEventListener('bridge-companion:hello', (e) => w.seenNonces.push(String((e as CustomEvent).detail)));
    });
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect Solana wallet' }).click();
    await popup.page.getByTestId('solana-connected').waitFor({ timeout: 20_000 });
    const before = await env.dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.requests.length);
    await env.dappPage.evaluate(() => {
      const nonces = (window as unknown as { seenNonces: string[] }).seenNonces;
      const send = (name: string, detail: unknown) =>
        window.dispatchEvent(new CustomEvent(name, { detail: JSON.stringify(detail) }));
      for (const nonce of nonces) {
        // Towards the wallet: features the extension never relays.
        for (const [i, method] of [
          'solana:signMessage',
          'solana:signAndSendTransaction',
          'standard:disconnect',
        ].entries()) {
          send(`bridge-companion:${nonce}:in`, {
            type: 'request',
            id: 9_000 + i,
            walletId: 'solana:0',
            method,
            params: [],
          });
        }
        // Towards the popup: an account switch to what is not an address, and a forged listing.
        send(`bridge-companion:${nonce}:out`, {
          type: 'event',
          walletId: 'solana:0',
          event: 'accountsChanged',
          data: ['<img src=x onerror=alert(1)>'],
        });
        send(`bridge-companion:${nonce}:out`, {
          type: 'wallets',
          wallets: [],
          solana: [{ id: 'evil', name: 'x', icon: 'javascript:alert(1)', features: ['solana:signMessage'] }],
        });
      }
    });
    // The popup keeps the account the wallet connected, and shows nothing the page wrote.
    await expect.poll(() => popup.page.getByTestId('solana-connected').textContent()).toContain(short);
    expect(await popup.page.locator('img[onerror], [src^="javascript:"]').count()).toBe(0);
    const after = await env.dappPage.evaluate(() => (window as unknown as DappWindow).devWallet.requests.length);
    expect(after).toBe(before);
    await popup.page.close();
  });

  it('says in words that a Solana wallet lacking solana:signTransaction cannot sign', async () => {
    await env.dappPage.goto(`${env.dappPage.url()}&solana=nosign`);
    await env.dappPage.waitForSelector('html[data-wallet="ready"]');
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect Solana wallet' }).click();
    await popup.page.getByTestId('solana-connected').waitFor({ timeout: 20_000 });
    expect(await popup.page.getByTestId('solana-message').textContent()).toBe(
      'Dev Wallet cannot sign Solana transactions for the extension (it does not offer solana:signTransaction). Use another Solana wallet.',
    );
    await popup.page.close();
  });
});
