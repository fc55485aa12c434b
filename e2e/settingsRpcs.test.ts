import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { SOLANA_CHAIN_ID } from '../src/chains/trustedRpc';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';

type StoredSettings = { rpcUrls: Record<string, string> };

/**
 * Issue #41, points 9 and 10: Settings → Trusted RPC per chain has Solana, and every RPC typed there is checked on
 * save as the RPC prompt checks it: eth_chainId for an EVM chain (the chain it serves named, not numbered), Solana's
 * getGenesisHash for Solana. Nothing is saved while one fails.
 */
describe('Settings → Trusted RPC per chain (devnet, LI.FI dialect)', () => {
  let env: DevnetDapp;
  let rpcOf: (chainId: number) => string;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, dialect: 'lifi' });
    rpcOf = (chainId) => env.devnet.chains.find((chain) => chain.chainId === chainId)!.rpcUrl;
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('offers Solana, refuses an RPC of another chain or kind in words, and keeps a Solana RPC that answers', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId);
    const page = popup.page;
    await popup.tab('Settings').click();
    await page.getByText('Trusted RPC per chain').click();
    const field = (chainId: number) => page.locator(`input[data-chain="${chainId}"]`);
    const save = () => page.getByRole('button', { name: 'Save settings' }).click();
    const message = page.getByTestId('settings-message');
    await field(SOLANA_CHAIN_ID).waitFor();
    const stored = async () => ((await readExtensionStorage(page, 'settings')) as StoredSettings).rpcUrls;
    const before = await stored();

    // Arbitrum's RPC typed for Ethereum, Ethereum's for Solana: both refused beside their fields, nothing saved.
    await field(1).fill(rpcOf(42161));
    await field(SOLANA_CHAIN_ID).fill(rpcOf(1));
    await save();
    await expect.poll(() => message.textContent(), { timeout: 20_000 }).toMatch(/^Not saved\. An RPC below/);
    const problems = page.getByTestId('rpc-problem');
    await expect
      .poll(() => problems.allTextContents())
      .toEqual(
        expect.arrayContaining([
          `The RPC at ${rpcOf(42161)} serves Arbitrum (chain 42161), not Ethereum. Enter an RPC for Ethereum.`,
          `The RPC at ${rpcOf(1)} did not answer as a Solana RPC (getGenesisHash). Enter an RPC for Solana.`,
        ]),
      );
    expect(await stored()).toEqual(before);

    // The devnet's Solana JSON-RPC (named another way, so it is new), Ethereum's own back: checked and saved.
    const solanaRpc = env.devnet.solanaRpcUrl!.replace('127.0.0.1', 'localhost');
    await field(1).fill(rpcOf(1));
    await field(SOLANA_CHAIN_ID).fill(solanaRpc);
    await save();
    await expect.poll(() => message.textContent(), { timeout: 20_000 }).toBe('Settings saved.');
    expect(await problems.count()).toBe(0);
    expect((await stored())[String(SOLANA_CHAIN_ID)]).toBe(solanaRpc);
    expect((await stored())['1']).toBe(rpcOf(1));
    await page.close();
  }, 120_000);
});
