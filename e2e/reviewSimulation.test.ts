import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExtensionStorage, setExtensionStorage } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import { formatAmount, formatUnitsExact } from '../src/format/amount';
import type { Settings } from '../src/model/settings';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { devWalletSends } from './harness/devWalletSends';
import { startNoSimulateRpc } from './harness/noSimulateRpc';

/**
 * Issue 30, "the review shows the simulated balance changes", against the built extension in Chromium on the devnet in
 * both dialects: Bridge opens the review, the background fetches, guards and simulates the step and its approval
 * through the devnet's RPC (the trusted one here, a real anvil answering eth_simulateV1), and the review lists what
 * leaves the account before the person confirms; an amount beyond the balance is said in words there, and nothing
 * reaches the wallet until the person confirms.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe.each(['spec', 'lifi'] as const)('the review’s simulated balance changes (%s dialect)', (dialect) => {
  let env: DevnetDapp;
  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect });
  });
  afterAll(async () => {
    await env?.stop();
  });

  const walletSends = () => devWalletSends(env.dappPage);

  it('lists what leaves the account, and gas, before the person confirms; the wallet is asked nothing yet', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    await popup.sendButton.click();
    const changes = popup.page.getByTestId('review-changes');
    await changes.waitFor({ timeout: 15_000 });
    const lines = await changes.locator('li').allTextContents();
    expect(lines[0]).toBe('−100 USDC');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^plus gas/);
    expect(await popup.page.getByTestId('review-simulation').textContent()).toMatch(/^Simulated on Ethereum/);
    // Nothing refused: Confirm is the person's to click.
    expect(await popup.page.getByTestId('review-confirm').isEnabled()).toBe(true);
    expect(await popup.page.getByTestId('review-confirm-refused').count()).toBe(0);
    expect(await walletSends()).toBe(0);
    await popup.page.close();
  });

  it('says an amount beyond the balance in words on the review, when the shown balance is stale', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.page.getByText(/^Balance: [\d,.]+/).waitFor({ timeout: 20_000 });
    // Funds leave the account behind the popup's back (another wallet, another tab): its balance is now stale.
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    const spent = 1_000_000_000n;
    await rpc(rpcUrl, 'eth_sendTransaction', [
      { from: ACCOUNT, to: USDC, data: `0xa9059cbb${'dead'.padStart(64, '0')}${spent.toString(16).padStart(64, '0')}` },
    ]);
    const held = await usdcBalance(rpcUrl);
    const amount = held + spent / 2n;
    await popup.amount.fill(formatUnitsExact(amount, 6));
    await popup.routes.first().waitFor({ timeout: 30_000 });
    await popup.page
      .getByTestId('send-hint')
      .filter({ hasText: /You review every detail/ })
      .waitFor({ timeout: 20_000 });
    await popup.sendButton.click();
    const refused = popup.page.getByTestId('review-refused');
    await refused.waitFor({ timeout: 15_000 });
    const words = `You hold ${formatAmount(held, 6)} USDC; this would send ${formatAmount(amount, 6)}. Nothing was sent.`;
    expect(await refused.textContent()).toBe(words);
    // What the simulation refused cannot be confirmed: Confirm is off, and says why beside it, to screen readers too.
    const confirm = popup.page.getByTestId('review-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    const why = popup.page.getByTestId('review-confirm-refused');
    // Short on screen (the words are just above); the words themselves follow for screen readers only (sr-only).
    expect(await why.textContent()).toBe(
      `Nothing to confirm: the check before the wallet refused this transfer, as said above. ${words}`,
    );
    expect(await why.locator('.sr-only').textContent()).toBe(` ${words}`);
    expect(await confirm.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    expect(await walletSends()).toBe(0);
    await popup.page.close();
  });

  it('where the chain’s trusted RPC has no eth_simulateV1: a plain bridge is “not simulated”, a swap inside refused', async () => {
    const worker = env.browser.serviceWorker;
    const settings = (await getExtensionStorage(worker, 'settings')) as Settings;
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    const noSimulate = await startNoSimulateRpc(rpcUrl);
    await setExtensionStorage(worker, {
      settings: { ...settings, rpcUrls: { ...settings.rpcUrls, 1: noSimulate.url } },
    });
    const cannot = `The trusted RPC for chain 1 (${new URL(noSimulate.url).host}) cannot simulate transactions (no eth_simulateV1).`;
    try {
      const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
      await popup.connect();
      await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
      await popup.sendButton.click();
      // A plain bridge call the guard read completely: said not simulated, and still the person's to confirm.
      const notSimulated = popup.page.getByTestId('review-not-simulated');
      await notSimulated.waitFor({ timeout: 15_000 });
      expect(await notSimulated.textContent()).toBe(`Not simulated: ${cannot}`);
      expect(await popup.page.getByTestId('review-confirm').isEnabled()).toBe(true);
      await popup.page.getByRole('button', { name: 'Back' }).click();
      await popup.page.close();

      const swap = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
      await swap.connect();
      await swap.fillTransfer({ from: ['Ethereum', 'LINK'], to: ['Arbitrum', 'USDC'], amount: '5' });
      await swap.sendButton.click();
      // Where a swap pays only a simulation shows: refused in words, and Confirm off.
      const refused = swap.page.getByTestId('review-refused');
      await refused.waitFor({ timeout: 15_000 });
      expect(await refused.textContent()).toBe(
        `Blocked for your safety: this transaction swaps inside, and where a swap pays can only be seen by simulating it: ${cannot}`,
      );
      expect(await swap.page.getByTestId('review-confirm').isDisabled()).toBe(true);
      expect(await walletSends()).toBe(0);
      await swap.page.close();
    } finally {
      await setExtensionStorage(worker, { settings });
      await noSimulate.close();
    }
  });
});

async function usdcBalance(url: string): Promise<bigint> {
  const data = `0x70a08231${ACCOUNT.slice(2).padStart(64, '0')}`;
  return BigInt((await rpc(url, 'eth_call', [{ to: USDC, data }, 'latest'])) as string);
}
