import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { bestStep, DevWallet, pollStatus, type Step } from '../server/devnet/flowHelpers';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { recordNotifications, type ShownNotification } from './harness/notificationRecorder';

/**
 * Issue #42, "any transfer, looked up": a transfer sent outside the extension (another account bridges with the
 * devnet directly, on a route the service gave it) is looked up in Activity by its source hash, read on chain,
 * followed to its arrival and its notification, marked as looked up; a malformed and an unknown hash are said in
 * words and record nothing; the support details are copied and read back.
 */

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const SHOTS = process.env.LOOKUP_SHOTS;

describe('a transfer made elsewhere, looked up by hash (devnet)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let shown: () => Promise<ShownNotification[]>;
  let hash: `0x${string}`;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 10],
      walletChainId: 1,
      timeFactor: 0.01,
      settings: { notifications: true },
    });
    browser = env.browser;
    shown = await recordNotifications(browser.serviceWorker);
    // Account 1 bridges 40 USDC from Ethereum to OP Mainnet itself: the extension never sees it being sent.
    const other = new DevWallet(env.devnet.chains, 1);
    const step = await bestStep(env.service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: 10,
      toTokenAddress: USDC_OP,
      fromAmount: 40_000_000n,
      fromAddress: other.address,
    });
    hash = await other.execute(step, USDC_ETH);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  async function openLookup(): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId: env.tabId });
    await popup.tab('Activity').click();
    await popup.page.getByText('Look up a transfer').click();
    return popup;
  }

  const said = (popup: PopupPage) => popup.page.getByTestId('lookup-said');

  it('says a malformed and an unknown hash in words, keeps what was typed and records nothing', async () => {
    const popup = await openLookup();
    const field = popup.page.getByTestId('lookup-ref');
    await field.fill('0x12345 not a hash');
    await popup.page.getByTestId('lookup-submit').click();
    await expect
      .poll(() => said(popup).textContent())
      .toMatch(/^This is not a transaction hash: a hash is 0x followed/);
    expect(await said(popup).getAttribute('data-ok')).toBe('false');
    expect(await field.inputValue()).toBe('0x12345 not a hash');
    if (SHOTS) await popup.page.screenshot({ path: `${SHOTS}/lookup-malformed-en.png`, fullPage: true });

    const unknown = `0x${'ab'.repeat(32)}`;
    await field.fill(unknown);
    await popup.page.getByTestId('lookup-submit').click();
    await expect
      .poll(() => said(popup).textContent(), { timeout: 30_000 })
      .toMatch(/^None of the chains read \(.*Ethereum.*\) knows this transaction, and the routing service knows no/);
    expect(await field.inputValue()).toBe(unknown);
    expect(await popup.page.getByTestId('transfer').count()).toBe(0);
    if (SHOTS) await popup.page.screenshot({ path: `${SHOTS}/lookup-unknown-en.png`, fullPage: true });
    await popup.page.close();
  }, 90_000);

  it('looks up the transfer by its hash, follows it to arrival and notifies, marked as looked up', async () => {
    await pollStatus(env.service.url, hash, (s) => s.status !== 'NOT_FOUND', 30_000);
    const popup = await openLookup();
    await popup.page.getByTestId('lookup-ref').fill(` ${hash.toUpperCase().replace('0X', '0x')} `);
    await popup.page.getByTestId('lookup-submit').click();
    await expect
      .poll(() => said(popup).textContent(), { timeout: 30_000 })
      .toBe('Found. It is followed here from now on, with a notification when it ends.');

    const card = popup.page.getByTestId('transfer').first();
    await card.waitFor();
    expect(await card.getByTestId('transfer-looked-up').textContent()).toBe('Looked up');
    expect(await card.getByTestId('looked-up-note').textContent()).toMatch(/not sent by this extension/);
    expect(await card.getByTestId('transfer-headline').textContent()).toMatch(/^40 USDC →/);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('DONE');
    expect(await card.getByTestId('transfer-headline').textContent()).toMatch(/^40 USDC → [\d.]+ USDC$/);
    // Exactly one notification, for the looked-up transfer's hash, once the destination chain showed the arrival.
    await expect
      .poll(async () => (await shown()).filter((n) => n.id === `transfer:${hash.toLowerCase()}`), { timeout: 20_000 })
      .toEqual([expect.objectContaining({ title: 'Transfer complete' })]);
    if (SHOTS) await popup.page.screenshot({ path: `${SHOTS}/lookup-done-en.png`, fullPage: true });

    // Looked up again: already there, nothing recorded twice.
    await popup.page.getByTestId('lookup-submit').click();
    await expect.poll(() => said(popup).textContent()).toBe('This transfer is already in Activity.');
    expect(await popup.page.getByTestId('transfer').count()).toBe(1);

    // Support details: the hashes, chains, amounts and status history as plain text, with the warning.
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByTestId('copy-support').click();
    await card.getByTestId('support-copied').waitFor();
    const text = await popup.page.evaluate(() => navigator.clipboard.readText());
    expect(text).toContain('Transfer support details');
    expect(text).toContain('Looked up: not sent by this extension');
    expect(text).toContain(`Source transaction: ${hash.toLowerCase()} on Ethereum`);
    expect(text).toMatch(/Destination transaction: 0x[0-9a-f]{64} on OP Mainnet/);
    expect(text).toContain('Route: Ethereum (1) → OP Mainnet (10)');
    expect(text).toContain(`Sent: 40 USDC (${USDC_ETH})`);
    expect(text).toMatch(/Received \(read on chain\): [\d.]+ USDC/);
    expect(text).toMatch(/Status history:\n {2}\S+ Sent\n(?: {2}\S+ .+\n)* {2}\S+ DONE/);
    expect(text.trim().split('\n').at(-1)).toBe(
      'Real support never asks for your private keys or recovery phrase. Never share them with anyone.',
    );
    await popup.page.close();
  }, 180_000);
});

/** A route from LI.FI's twin, in its dialect (numeric chain IDs, its orders), and its step transaction. */
async function lifiStep(serviceUrl: string, from: `0x${string}`): Promise<Step> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${serviceUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const { routes } = (await post('/v1/advanced/routes', {
    fromChainId: 1,
    fromTokenAddress: USDC_ETH,
    toChainId: 10,
    toTokenAddress: USDC_OP,
    fromAmount: '25000000',
    fromAddress: from,
    toAddress: from,
    options: { slippage: 0.005, order: 'CHEAPEST' },
  })) as { routes: { steps: Step[] }[] };
  const first = routes[0]?.steps[0];
  if (!first) throw new Error('no route');
  return (await post('/v1/advanced/stepTransaction', first)) as Step;
}

describe('a transfer made elsewhere, looked up by LI.FI’s transactionId (devnet, LI.FI’s dialect)', () => {
  let env: DevnetDapp;
  afterAll(async () => {
    await env?.stop();
  });

  it('finds the source transaction the ID names, on chain, and follows it', async () => {
    env = await startDevnetDapp({ chainIds: [1, 10], walletChainId: 1, timeFactor: 0.01, dialect: 'lifi' });
    const other = new DevWallet(env.devnet.chains, 2);
    const step = await lifiStep(env.service.url, other.address);
    const hash = await other.execute(step, USDC_ETH);
    // LI.FI's status names the transfer's own ID beside its hash, once it sees the transaction.
    let transactionId: string | undefined;
    await expect
      .poll(
        async () => {
          const body = (await (await fetch(`${env.service.url}/v1/status?txHash=${hash}`)).json()) as {
            status: string;
            transactionId?: string;
          };
          transactionId = body.transactionId;
          return body.status;
        },
        { timeout: 30_000 },
      )
      // Already arrived when looked up: LI.FI names the token it delivers only then.
      .toBe('DONE');
    expect(transactionId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transactionId).not.toBe(hash.toLowerCase());

    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.tab('Activity').click();
    await popup.page.getByText('Look up a transfer').click();
    await popup.page.getByTestId('lookup-ref').fill(transactionId!);
    await popup.page.getByTestId('lookup-submit').click();
    await expect
      .poll(() => popup.page.getByTestId('lookup-said').textContent(), { timeout: 30_000 })
      .toBe('Found. It is followed here from now on, with a notification when it ends.');
    const card = popup.page.getByTestId('transfer').first();
    expect(await card.getByTestId('transfer-looked-up').textContent()).toBe('Looked up');
    // Followed under the source transaction's hash the chain showed, not the ID typed.
    const copy = card.getByRole('button', { name: /^Copy the hash: Source transaction, / });
    expect((await copy.getAttribute('aria-label'))!.endsWith(hash.toLowerCase())).toBe(true);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('DONE');
    await popup.page.close();
  }, 180_000);
});
