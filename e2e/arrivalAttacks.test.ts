import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { devWalletSends } from './harness/devWalletSends';
import { readExtensionStorage } from './harness/extensionMessages';
import { recordNotifications, type ShownNotification } from './harness/notificationRecorder';
import { storedExecutions, storedSends } from './harness/storedRecords';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';

/**
 * Attacks 2, 3 and 4 of issue #30, on the devnet through the real popup and the Dev Wallet: a compromised routing
 * service (a proxy in front of the real one) rewrites its /v1/status answers. A DONE counts only once the destination
 * chain's trusted RPC shows its receiving transaction, and a later step is sized from what the chain shows arrived.
 * Each test ends with nothing claimed that the chain does not show.
 */

const USDC_ARB = {
  address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  chainId: 42161,
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  priceUSD: '1',
};
/** A receiving transaction no chain has. */
const MADE_UP = `0x${'fa6e'.repeat(16)}`;
const NOT_ARRIVED_TITLE = 'The bridge reported an arrival the chain does not show';

type StatusBody = Record<string, unknown> & {
  status?: string;
  sending?: Record<string, unknown>;
  receiving?: Record<string, unknown>;
};

/**
 * Any answer about a transfer in flight becomes DONE with a made-up receiving transaction (the amount sent, the
 * promised token), before or whatever the relayer delivers.
 */
const fakeDone = (body: StatusBody): StatusBody =>
  body.status === 'PENDING' || body.status === 'DONE'
    ? {
        ...body,
        status: 'DONE',
        substatus: 'COMPLETED',
        receiving: {
          ...body.receiving,
          chainId: 42161,
          txHash: MADE_UP,
          amount: String(body.sending?.amount ?? '1'),
          token: USDC_ARB,
        },
      }
    : body;

describe.each(['lifi', 'spec'] as const)('arrivals read on the destination chain (devnet, %s dialect)', (dialect) => {
  let env: TamperedDevnetDapp;
  let proxy: TamperedDevnetDapp['proxy'];
  let shown: () => Promise<ShownNotification[]>;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect,
      settings: { notifications: true },
    });
    proxy = env.proxy;
    // Every notification the extension shows, with its words.
    shown = await recordNotifications(env.browser.serviceWorker);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const stored = async () => readExtensionStorage(env.browser.serviceWorker, 'transfers');
  const walletSends = () => devWalletSends(env.dappPage);
  const tamperStatus = (rewrite: (body: StatusBody) => StatusBody) =>
    proxy.setTamper((path, body) => (path === '/v1/status' ? rewrite(body as StatusBody) : body));

  async function openPopup() {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    return popup;
  }

  /** Fills Ethereum USDC → Arbitrum ARB, picks a route of two signatures (both dialects offer one) and confirms it. */
  async function startTwoSteps(amount: string) {
    const popup = await openPopup();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount });
    await popup.showAllRoutes();
    const twoSteps = popup.routes.filter({ has: popup.page.getByTestId('route-signatures') });
    await twoSteps.first().click();
    await popup.send();
    return popup;
  }

  it('never says complete for a DONE whose receiving transaction does not exist: a warning instead', async () => {
    tamperStatus(fakeDone);
    try {
      const popup = await openPopup();
      await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '40' });
      await popup.send();
      const transfer = async () => storedSends(await stored()).find((t) => t.fromAmount === '40000000');
      await expect.poll(async () => (await transfer())?.status, { timeout: 90_000, interval: 500 }).toBe('NOT_ARRIVED');
      const record = (await transfer())!;
      expect(record).toMatchObject({
        final: true,
        receiving: { txHash: MADE_UP },
        arrival: { state: 'contradicted', reason: 'notFound' },
      });
      await expect
        .poll(async () => (await shown()).filter((n) => n.id === `transfer:${record.txHash.toLowerCase()}`), {
          timeout: 10_000,
        })
        .toEqual([expect.objectContaining({ title: NOT_ARRIVED_TITLE, priority: 2 })]);
      await popup.tab('Activity').click();
      const item = popup.page.getByTestId('transfer').first();
      await expect.poll(() => item.getAttribute('data-status')).toBe('NOT_ARRIVED');
      expect(await item.getByTestId('transfer-flagged').textContent()).toMatch(
        /Not counted as received: Arbitrum does not show it \(no such receiving transaction exists there/,
      );
      // Whatever the relayer does afterwards, nothing says complete for it.
      await popup.page.waitForTimeout(2_000);
      expect((await transfer())?.status).toBe('NOT_ARRIVED');
      expect((await shown()).map((n) => n.title)).not.toContain('Transfer complete');
      await popup.page.close();
    } finally {
      proxy.setTamper(undefined);
    }
  }, 180_000);

  it('does not offer step 2 of a route after a made-up arrival of step 1', async () => {
    tamperStatus(fakeDone);
    try {
      const popup = await startTwoSteps('60');
      await popup.page.close();
      const execution = async () => storedExecutions(await stored()).find((e) => e.choice.fromAmount === '60000000');
      await expect.poll(async () => (await execution())?.phase, { timeout: 120_000, interval: 500 }).toBe('failed');
      const stoppedAt = await execution();
      expect(stoppedAt?.step ?? 0).toBe(0);
      expect(stoppedAt?.arrived).toBeUndefined();
      expect(stoppedAt?.error).toMatch(/^Step 2 was not started: the step before ended “Not arrived”/);
      const [first] = storedSends(await stored()).filter((t) => stoppedAt!.hashes.includes(t.txHash));
      expect(first).toMatchObject({ status: 'NOT_ARRIVED', arrival: { state: 'contradicted', reason: 'notFound' } });
      // The wallet was asked nothing more: no approval or swap on Arbitrum, and no "arrived, sign step 2".
      const sent = await walletSends();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await walletSends()).toBe(sent);
      expect((await shown()).map((n) => n.title)).not.toContainEqual(expect.stringMatching(/arrived on Arbitrum/));
    } finally {
      proxy.setTamper(undefined);
    }
  }, 180_000);

  it('sizes step 2 from what arrived on chain, not from an arrival the service inflated tenfold', async () => {
    let real: string | undefined;
    tamperStatus((body) => {
      if (body.status !== 'DONE' || typeof body.receiving?.amount !== 'string') return body;
      real = body.receiving.amount;
      return { ...body, receiving: { ...body.receiving, amount: String(BigInt(real) * 10n) } };
    });
    try {
      const popup = await startTwoSteps('50');
      await popup.page.close();
      const execution = async () => storedExecutions(await stored()).find((e) => e.choice.fromAmount === '50000000');
      await expect
        .poll(async () => (await execution())?.phase, { timeout: 120_000, interval: 500 })
        .toBe('needsSignature');
      const waiting = (await execution())!;
      expect(real).toBeDefined();
      // The record keeps what the service said; the next step spends what the chain shows.
      const [first] = storedSends(await stored()).filter((t) => waiting.hashes.includes(t.txHash));
      expect(first?.receiving?.amount).toBe(String(BigInt(real!) * 10n));
      expect(first?.arrival).toMatchObject({ state: 'confirmed', amount: real });
      expect(waiting).toMatchObject({ step: 1, arrived: real });
      const again = await openPopup();
      await again.tab('Activity').click();
      const item = again.page.locator('[data-testid="waiting-execution"][data-phase="needsSignature"]');
      await item.waitFor({ timeout: 15_000 });
      // The amount Activity names is the chain's (shortened for display), not the inflated one.
      const text = (await item.getByTestId('waiting-reason').textContent()) ?? '';
      const named = Number(text.match(/([\d.,]+) USDC arrived on Arbitrum/)?.[1]?.replace(/,/g, ''));
      expect(Math.abs(named - Number(real) / 1e6)).toBeLessThan(Number(real) / 1e6 / 100);
      await again.page.close();
    } finally {
      proxy.setTamper(undefined);
    }
  }, 180_000);
});
