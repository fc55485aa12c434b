import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue 30, "failures are seen and said", against the built extension in Chromium on the devnet: the transfer is
 * simulated and signed, but the funds leave the account while the wallet still shows the request (another tab,
 * another wallet), so the sent transaction reverts on chain. The extension reads its receipt through the trusted RPC
 * and says so in words within seconds, in Activity and as a failure, with the raw revert data only in the details.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DEAD = '000000000000000000000000000000000000dEaD';

type DappWallet = { holdNext(kind?: string): void; held(): boolean; release(approve?: boolean): void };

describe('a sent transaction that reverts (devnet)', () => {
  let env: DevnetDapp;
  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  const dappWallet = <T>(fn: (wallet: DappWallet) => T) =>
    env.dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;

  it('is said in words within seconds of its receipt, the raw revert data only in the details', async () => {
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    // The transfer itself (not its approval) waits in the wallet, as a person still deciding there.
    await dappWallet((w) => w.holdNext('transfer'));
    await popup.send();
    await expect.poll(() => dappWallet((w) => w.held()), { timeout: 30_000 }).toBe(true);
    // Meanwhile every USDC leaves the account, after the simulation that found them there.
    const held = BigInt(
      (await rpc(rpcUrl, 'eth_call', [
        { to: USDC, data: `0x70a08231${ACCOUNT.slice(2).padStart(64, '0')}` },
        'latest',
      ])) as string,
    );
    await rpc(rpcUrl, 'eth_sendTransaction', [
      { from: ACCOUNT, to: USDC, data: `0xa9059cbb${DEAD.padStart(64, '0')}${held.toString(16).padStart(64, '0')}` },
    ]);
    await dappWallet((w) => w.release());
    const released = Date.now();

    await popup.tab('Activity').click();
    const card = popup.page.locator('[data-testid="transfer"][data-status="FAILED"]').first();
    await card.waitFor({ timeout: 10_000 });
    const seenAfterMs = Date.now() - released;
    expect(seenAfterMs).toBeLessThan(10_000);
    const said = (await card.locator('.error').first().textContent()) ?? '';
    expect(said).toMatch(/^The transaction reverted on chain: .+\. Nothing was bridged; only its gas was spent\.$/);
    // The raw revert data only inside the folded details, never as a long unbroken string on the card itself.
    const details = card.getByTestId('transfer-revert-details');
    expect(await details.locator('code').textContent()).toMatch(/^0x[0-9a-f]{8,}$/);
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const cardText = await card.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelector('[data-testid="transfer-revert-details"]')?.remove();
      return copy.textContent ?? '';
    });
    expect(cardText).not.toMatch(/0x[0-9a-fA-F]{40,}/);
    // Nothing runs off the card.
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await popup.page.close();
  }, 120_000);
});
