import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExtensionStorage } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import type { SentTransfer } from '../src/model/transfer';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { storedSends } from './harness/storedRecords';

/**
 * Issue #42, "a transaction the wallet replaces", in Chromium on the devnet. The Dev Wallet sends the bridge
 * transaction while Ethereum's anvil holds mining (as a busy chain leaves a low fee waiting); the extension sees it
 * pending, then the person speeds it up or cancels it on the wallet's page, or the wallet sends something else at
 * that nonce, and the block is mined. The first hash never is: the extension finds what was mined at its nonce.
 */

const STRANGER = '0x000000000000000000000000000000000000dEaD';
/** A folder for screenshots of the Activity states (English and German), when set. */
const SHOTS = process.env.REPLACED_SHOTS;

type DappWallet = {
  holdNext(kind?: string): void;
  held(): boolean;
  release(approve?: boolean): void;
  replacePending(how: unknown): Promise<string>;
};

describe('transactions the wallet replaces (devnet)', () => {
  let env: DevnetDapp;
  let ethereumRpc: string;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01 });
    ethereumRpc = env.devnet.nodes.find((node) => node.chainId === 1)!.rpcUrl;
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const dappWallet = <T>(fn: (wallet: DappWallet) => T) =>
    env.dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;
  const sends = async () => storedSends(await getExtensionStorage(env.browser.serviceWorker, 'transfers'));

  /**
   * Confirms the transfer in the popup; its bridge transaction reaches the chain while mining is held there, and the
   * extension has read it pending (its nonce is noted). Returns the hash the wallet answered.
   */
  async function sendHeld(popup: PopupPage): Promise<string> {
    const before = (await sends()).length;
    await dappWallet((w) => w.holdNext('transfer'));
    await popup.send();
    await expect.poll(() => dappWallet((w) => w.held()), { timeout: 30_000 }).toBe(true);
    // Anything before it (an approval) is mined; the bridge transaction itself waits in the node's pool.
    await rpc(ethereumRpc, 'evm_setAutomine', [false]);
    await dappWallet((w) => w.release(true));
    await expect
      // Seen pending at its own nonce, not only the account's nonce read before the wallet was asked.
      .poll(async () => ((await sends()).length > before ? (await sends())[0]!.nonceWatch?.beforeSend : 'none'), {
        timeout: 30_000,
      })
      .toBeUndefined();
    return (await sends())[0]!.txHash;
  }

  /** Each new Activity state, one card per picture. */
  async function shootCards(popup: PopupPage, lang: string) {
    for (const status of ['DONE', 'CANCELLED', 'REPLACED']) {
      const card = popup.page.locator(`[data-testid="transfer"][data-status="${status}"]`).first();
      await card.screenshot({ path: `${SHOTS}/replaced-${status.toLowerCase()}-${lang}.png` });
    }
  }

  /** The block with the replacement in it, and mining as usual again. */
  async function mine(): Promise<void> {
    await rpc(ethereumRpc, 'evm_mine');
    await rpc(ethereumRpc, 'evm_setAutomine', [true]);
  }

  /** A popup on the form, connected to the Dev Wallet (a transfer before this one may show its progress first). */
  async function freshPopup(): Promise<PopupPage> {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    const again = popup.page.getByRole('button', { name: 'New transfer' });
    if (await again.isVisible()) await again.click();
    if (await popup.page.getByRole('button', { name: 'Connect wallet' }).isVisible()) await popup.connect();
    return popup;
  }

  it('follows a sped-up bridge transaction to its arrival under its new hash', async () => {
    const popup = await freshPopup();
    await popup.fillTransfer({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.05' });
    const first = await sendHeld(popup);

    // The person presses "Speed up" in the wallet.
    await env.dappPage.getByRole('button', { name: 'Speed up' }).click();
    await env.dappPage.locator('#replaced', { hasText: /^Sent 0x/ }).waitFor();
    const faster = (await env.dappPage.locator('#replaced').textContent())!.replace('Sent ', '');
    expect(faster).not.toBe(first);
    await mine();

    await popup.tab('Activity').click();
    const card = popup.page.getByTestId('transfer').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 120_000 }).toBe('DONE');
    expect(await card.getByTestId('transfer-status').textContent()).toBe('Completed');
    expect(await card.getByTestId('transfer-replaced').textContent()).toBe(
      `Sped up in your wallet: followed under its new hash (first sent as ${first.slice(0, 10)}…).`,
    );
    // One transaction, under the hash the chain mined, read back and its arrival confirmed on Arbitrum.
    const [send] = (await sends()) as SentTransfer[];
    expect(send!.txHash.toLowerCase()).toBe(faster.toLowerCase());
    expect(send!.spedUpFrom).toBe(first);
    expect(send!.sentCheck.state).toBe('verified');
    expect(send!.arrival?.state).toBe('confirmed');
    expect(send!.sendingTxLink).toContain(faster.toLowerCase());
    await popup.page.close();
  }, 240_000);

  it('says a cancelled one cancelled, nothing sent, with the approval it left open and Revoke', async () => {
    const popup = await freshPopup();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    await sendHeld(popup);

    await env.dappPage.getByRole('button', { name: 'Cancel' }).click();
    await env.dappPage.locator('#replaced', { hasText: /^Sent 0x/ }).waitFor();
    await mine();

    await popup.tab('Activity').click();
    const card = popup.page.getByTestId('transfer').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('CANCELLED');
    expect(await card.getByTestId('transfer-status').textContent()).toBe('Cancelled');
    expect(await card.getByTestId('transfer-replaced').textContent()).toMatch(
      /^Cancelled in your wallet: nothing was sent\. The transaction your wallet sent in its place on Ethereum \(0x\w{8}…\) calls nothing and moves nothing to anyone else\.$/,
    );
    // Not a warning, and never "sent": the approval given for it is still open, shown with Revoke.
    expect(await card.getByTestId('transfer-flagged').count()).toBe(0);
    const open = card.getByTestId('approval-open');
    await open.waitFor({ timeout: 15_000 });
    expect(await open.locator('p').first().textContent()).toMatch(/^100 USDC approved to 0x\w{4}…\w{4} is still open/);
    expect(await open.getByTestId('revoke-approval').isVisible()).toBe(true);
    await popup.page.close();
  }, 240_000);

  it('warns of a different call at that nonce, never calling it sent', async () => {
    const popup = await freshPopup();
    await popup.fillTransfer({ from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.05' });
    await sendHeld(popup);

    // The wallet sends 1000 wei to someone else at the transfer's nonce.
    await dappWallet((w) => w.replacePending({ to: '0x000000000000000000000000000000000000dEaD', value: '1000' }));
    await mine();

    await popup.tab('Activity').click();
    const card = popup.page.getByTestId('transfer').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('REPLACED');
    expect(await card.getByTestId('transfer-status').textContent()).toBe('Replaced');
    const warning = card.getByTestId('transfer-flagged');
    expect(await warning.locator('strong').textContent()).toBe('Your wallet sent another transaction in its place');
    expect(await warning.locator('p').first().textContent()).toMatch(
      new RegExp(
        `^Your wallet replaced this transaction on Ethereum with another one \\(0x\\w{8}…\\) that is not the transfer you approved: it calls another contract: ${STRANGER.toLowerCase()} instead of 0x\\w{40}\\. Nothing of this transfer was sent\\.$`,
      ),
    );
    const [send] = await sends();
    expect(send!.status).toBe('REPLACED');
    expect(send!.final).toBe(true);
    if (SHOTS) await shootCards(popup, 'en');
    await popup.page.close();
  }, 240_000);

  it('says the same in German, chosen in Settings', async () => {
    const english = await freshPopup();
    await english.tab('Settings').click();
    await english.page.getByTestId('settings-language').selectOption('de');
    await english.page.getByRole('button', { name: 'Save settings' }).click();
    await english.page.getByTestId('settings-message').getByText('Einstellungen gespeichert.').waitFor();
    await english.page.close();

    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('tab', { name: 'Aktivität' }).click();
    const cards = popup.page.getByTestId('transfer');
    await cards.first().waitFor();
    const byStatus = (status: string) => popup.page.locator(`[data-testid="transfer"][data-status="${status}"]`);
    expect(await byStatus('REPLACED').getByTestId('transfer-status').textContent()).toBe('Ersetzt');
    expect(await byStatus('REPLACED').getByTestId('transfer-flagged').locator('strong').textContent()).toBe(
      'Deine Wallet hat an ihrer Stelle eine andere Transaktion gesendet',
    );
    expect(await byStatus('CANCELLED').getByTestId('transfer-status').textContent()).toBe('Abgebrochen');
    expect(await byStatus('CANCELLED').getByTestId('transfer-replaced').textContent()).toMatch(
      /^In deiner Wallet abgebrochen: Nichts wurde gesendet\. /,
    );
    expect(await byStatus('DONE').getByTestId('transfer-replaced').textContent()).toMatch(
      /^In deiner Wallet beschleunigt: wird unter dem neuen Hash verfolgt \(zuerst gesendet als 0x\w{8}…\)\.$/,
    );
    await byStatus('CANCELLED').getByTestId('approval-open').waitFor({ timeout: 15_000 });
    if (SHOTS) await shootCards(popup, 'de');
    await popup.page.close();
  }, 120_000);
});
