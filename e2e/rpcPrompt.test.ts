import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFI_DIAMOND_ADDRESS } from '../src/contracts/lifiDiamond';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { catalogWithGravity, GRAVITY_CHAIN_ID, USDC_E_GRAVITY } from './harness/gravityChain';
import { journeyRunner } from './harness/journeyRunner';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 31: "For a chain with no pinned RPC, the popup asks the person for one before the first transfer there and
 * says why; it never takes an RPC from the page or the service." The twin lists Gravity (1625), which the extension
 * pins no RPC for, served by one more anvil started for this file only, with LI.FI's diamond at its pinned address
 * there. The service's listing and the Dev Wallet both name that anvil's URL; the extension is given every devnet
 * RPC but Gravity's. So the popup must ask, refuse another chain's RPC in words, keep the right one, and read the
 * transfer's arrival through it; the next opening asks no more.
 *
 * On a build without the prompt (SendPanel never showing it) the journey fails waiting for it, and nothing is kept for
 * the next opening: measured once with such a build, 2 of the 3 tests failed.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const JOURNEY = { from: ['Ethereum', 'USDC'], to: ['Gravity', 'USDC.e'], amount: '100' } as {
  from: [string, string];
  to: [string, string];
  amount: string;
};

type StoredSettings = { rpcUrls: Record<string, string> };

describe('the RPC prompt for a chain the extension pins no RPC for (Gravity on the twin)', () => {
  let env: DevnetDapp;
  let monitor: Page;
  let gravityRpc: string;
  let ethereumRpc: string;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, GRAVITY_CHAIN_ID],
      walletChainId: 1,
      timeFactor: 0.01,
      dialect: 'lifi',
      catalog: catalogWithGravity(),
      withoutRpc: [GRAVITY_CHAIN_ID],
      settings: { notifications: true },
    });
    const rpcOf = (chainId: number) => env.devnet.chains.find((chain) => chain.chainId === chainId)!.rpcUrl;
    gravityRpc = rpcOf(GRAVITY_CHAIN_ID);
    ethereumRpc = rpcOf(1);
    monitor = await env.browser.context.newPage();
    await monitor.goto(`chrome-extension://${env.browser.extensionId}/popup.html#activity`);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const rpcUrls = async () => ((await readExtensionStorage(monitor, 'settings')) as StoredSettings).rpcUrls;

  it('is needed: the service names an RPC for Gravity and the extension was given none', async () => {
    const listing = (await (await fetch(`${env.service.url}/v1/chains`)).json()) as {
      chains: { id: number; diamondAddress?: string; metamask: { rpcUrls: string[] } }[];
    };
    const gravity = listing.chains.find((chain) => chain.id === GRAVITY_CHAIN_ID);
    expect(gravity?.metamask.rpcUrls).toEqual([gravityRpc]);
    expect(gravity?.diamondAddress).toBe(LIFI_DIAMOND_ADDRESS);
    expect(await rpcUrls()).not.toHaveProperty(String(GRAVITY_CHAIN_ID));
  });

  it('asks for it and says why, holds Send, refuses another chain’s RPC in words, then sends and reads the arrival through it', async () => {
    const run = journeyRunner(env, monitor);
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    const page = popup.page;
    await popup.connect();
    await popup.fill(JOURNEY);

    const prompt = page.getByRole('form', { name: 'An RPC for Gravity' });
    await prompt.waitFor({ timeout: 20_000 });
    await expect.poll(() => prompt.textContent()).toContain('never takes one from a web page or the routing service');
    expect(await popup.popup.sendButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('send-hint').textContent()).toBe(
      'Give the extension an RPC for Gravity first (below).',
    );

    // Another chain's RPC: refused in words, nothing kept, Send still held.
    const url = page.getByRole('textbox', { name: 'RPC URL for Gravity' });
    await url.fill(ethereumRpc);
    await page.getByRole('button', { name: 'Check and save' }).click();
    const error = prompt.getByRole('alert');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe(
      // The chain it serves is named when the catalog knows it (6f08a3a, Settings' check and the prompt alike).
      `The RPC at ${ethereumRpc} serves Ethereum (chain 1), not Gravity. Enter an RPC for Gravity.`,
    );
    expect(await popup.popup.sendButton.isDisabled()).toBe(true);
    expect(await rpcUrls()).not.toHaveProperty(String(GRAVITY_CHAIN_ID));

    // Gravity's own: kept in the settings, the prompt goes and Send is free.
    await url.fill(gravityRpc);
    await page.getByRole('button', { name: 'Check and save' }).click();
    await prompt.waitFor({ state: 'detached', timeout: 20_000 });
    expect((await rpcUrls())[String(GRAVITY_CHAIN_ID)]).toBe(gravityRpc);

    const before = await run.balanceOf(GRAVITY_CHAIN_ID, USDC_E_GRAVITY, ACCOUNT);
    await popup.send();
    await page.close();
    await expect
      .poll(async () => (await run.transfers())[0]?.notifiedAt, { timeout: 120_000, interval: 1_000 })
      .toBeDefined();
    const record = (await run.transfers())[0]!;
    expect(record).toMatchObject({ status: 'DONE', fromChainId: 1, toChainId: GRAVITY_CHAIN_ID });
    expect(record.approvedTx.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(record.sentCheck.state).toBe('verified');
    // Read on Gravity through the RPC the person gave, the only one the extension trusts there.
    expect(BigInt(record.receiving?.amount ?? 0)).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
    const arrived = (await run.balanceOf(GRAVITY_CHAIN_ID, USDC_E_GRAVITY, ACCOUNT)) - before;
    expect(arrived).toBeGreaterThanOrEqual(BigInt(record.toAmountMin));
  }, 300_000);

  it('asks no more on the next opening', async () => {
    expect((await rpcUrls())[String(GRAVITY_CHAIN_ID)]).toBe(gravityRpc);
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    try {
      await popup.connect();
      await popup.fill({ ...JOURNEY, amount: '50' });
      // Send is held while the check runs; once free, the check has answered without a prompt.
      await popup.page.waitForFunction(
        () => !(document.querySelector('[data-testid="send"]') as HTMLButtonElement | null)?.disabled,
        undefined,
        { timeout: 30_000 },
      );
      expect(await popup.page.getByTestId('rpc-prompt').count()).toBe(0);
    } finally {
      await popup.page.close();
    }
  }, 120_000);
});
