import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServiceWorker, type ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { bestStep, DevWallet, pollStatus } from '../server/devnet/flowHelpers';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { installProviderWrapper, type WrapperPlan, type WrapperWindow } from './harness/hostileSite';
import { recordNotifications, type ShownNotification } from './harness/notificationRecorder';
import { storedSends } from './harness/storedRecords';

/**
 * Attacks 3 and 4 of issue #15, on the devnet through the real popup and the Dev Wallet: a hostile dapp page wraps
 * the wallet's EIP-6963 provider (re-announced under the same uuid). The guards cannot see what the page does after
 * them; the background reads what was actually sent through its trusted RPC and flags it.
 */

const TIME_FACTOR = 0.01;
const DEV_WALLET_UUID = '5d1f9a3e-2c4b-4f0e-9a51-0c0de0000001';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const NOT_APPROVED = 'This transaction is not the one you approved';

type StoredTransfer = {
  txHash: string;
  status: string;
  final: boolean;
  fromAmount: string;
  sentCheck: { state: string; differences?: { field: string }[] };
  notifiedAt?: number;
};
type WorkerGlobal = {
  chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };
};

describe('what was sent is checked on chain through the trusted RPC (devnet)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;
  let person: DevWallet;
  let shown: () => Promise<ShownNotification[]>;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 10],
      walletChainId: 1,
      timeFactor: TIME_FACTOR,
      settings: { notifications: true },
    });
    ({ browser, dappPage, tabId } = env);
    person = new DevWallet(env.devnet.chains, 0);
    await dappPage.evaluate(installProviderWrapper, DEV_WALLET_UUID);
    // Every notification the extension shows, with its words.
    shown = await recordNotifications(browser.serviceWorker);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const setPlan = (plan: WrapperPlan) =>
    dappPage.evaluate((p) => {
      (window as unknown as WrapperWindow).wrapper.plan = p;
    }, plan);
  const wrapperSaw = () => dappPage.evaluate(() => (window as unknown as WrapperWindow).wrapper.seen);
  const walletSends = () =>
    dappPage.evaluate(() =>
      (window as unknown as { devWallet: { requests: { method: string; params?: unknown[] }[] } }).devWallet.requests
        .filter((r) => r.method === 'eth_sendTransaction')
        .map((r) => r.params?.[0] as { chainId?: string; data: string }),
    );

  async function transferOf(fromAmount: string): Promise<StoredTransfer | undefined> {
    const worker = await currentServiceWorker(browser.context);
    const stored = await worker.evaluate(
      async () => (await (globalThis as unknown as WorkerGlobal).chrome.storage.local.get('transfers')).transfers,
    );
    return (storedSends(stored) as unknown as StoredTransfer[]).find((t) => t.fromAmount === fromAmount);
  }

  /** Connects the popup to the (wrapped) Dev Wallet, fills Ethereum → OP Mainnet USDC, clicks Send. */
  async function sendFromPopup(amount: string): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'OP Mainnet');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill(amount);
    await popup.routes.first().waitFor({ timeout: 20_000 });
    // The simulated Ethereum gas makes a small transfer lossy: acknowledged as the person would.
    const lossy = popup.page.getByRole('checkbox', { name: 'I understand I will lose this value' });
    await popup.page.getByTestId('send-hint').waitFor();
    if (await lossy.isVisible()) await lossy.check();
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    await popup.send();
    return popup;
  }

  it('flags a transfer whose recipient the page rewrote before the wallet saw it: warned, never complete', async () => {
    const attackerBefore = await person.balance(10, USDC_OP, ATTACKER);
    await setPlan({ kind: 'rewrite', victim: person.address, attacker: ATTACKER });
    const popup = await sendFromPopup('30');
    await expect.poll(async () => (await transferOf('30000000'))?.status, { timeout: 60_000 }).toBe('MISMATCH');
    const record = (await transferOf('30000000'))!;
    expect(record.final).toBe(true);
    expect(record.sentCheck).toMatchObject({ state: 'mismatch', differences: [{ field: 'data' }] });
    // The attack itself happened: the wallet signed the rewritten call data, on the approved chain.
    const [transfer] = (await walletSends()).filter((tx) => !tx.data.startsWith('0x095ea7b3')).slice(-1);
    expect(transfer?.data.toLowerCase()).toContain(ATTACKER.slice(2).toLowerCase());
    expect(transfer?.chainId).toBe('0x1');
    await expect.poll(() => person.balance(10, USDC_OP, ATTACKER), { timeout: 30_000 }).toBeGreaterThan(attackerBefore);

    // A warning that stays on screen, and Activity puts it first with what to do.
    await expect
      .poll(async () => (await shown()).filter((n) => n.id === `transfer:${record.txHash.toLowerCase()}`), {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ title: NOT_APPROVED, priority: 2 })]);
    await popup.tab('Activity').click();
    const first = popup.page.getByTestId('transfer').first();
    await expect.poll(() => first.getAttribute('data-status')).toBe('MISMATCH');
    expect(await first.getByTestId('transfer-flagged').textContent()).toMatch(/call data differs/);
    // Tracking never resumes: no "complete" for it, however long the relayer takes.
    await popup.page.waitForTimeout(3_000);
    expect((await transferOf('30000000'))?.status).toBe('MISMATCH');
    expect((await shown()).map((n) => n.title)).not.toContain('Transfer complete');
    await popup.page.close();
  });

  it('flags another account’s real transfer answered as the person’s send: nothing spent, nothing tracked as theirs', async () => {
    // Account 1 really bridges 777 USDC, to DONE.
    const other = new DevWallet(env.devnet.chains, 1);
    const step = await bestStep(env.service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: 10,
      toTokenAddress: USDC_OP,
      fromAmount: 777_000_000n,
      fromAddress: other.address,
    });
    const othersHash = await other.execute(step, USDC_ETH);
    await pollStatus(env.service.url, othersHash, (s) => s.status === 'DONE', 30_000);

    const before = await person.balance(1, USDC_ETH);
    await setPlan({ kind: 'answer', hash: othersHash });
    const popup = await sendFromPopup('5');
    await expect.poll(async () => (await transferOf('5000000'))?.status, { timeout: 60_000 }).toBe('MISMATCH');
    const record = (await transferOf('5000000'))!;
    expect(record.txHash.toLowerCase()).toBe(othersHash.toLowerCase());
    expect(record.sentCheck.differences?.map((d) => d.field)).toEqual(expect.arrayContaining(['from', 'data']));
    expect((await wrapperSaw()).at(-1)).toMatchObject({ answered: othersHash });
    // The approval went through the wallet (exact amount); the transfer never reached it: nothing was spent.
    expect(await person.balance(1, USDC_ETH)).toBe(before);
    await expect
      .poll(async () => (await shown()).filter((n) => n.id === `transfer:${othersHash.toLowerCase()}`), {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ title: NOT_APPROVED })]);
    await popup.page.waitForTimeout(3_000);
    expect((await transferOf('5000000'))?.status).toBe('MISMATCH');
    expect((await shown()).map((n) => n.title)).not.toContain('Transfer complete');
    await popup.page.close();
  });
});
