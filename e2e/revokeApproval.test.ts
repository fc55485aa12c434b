import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import { ROUTER_ADDRESS } from '../src/contracts/router';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';

/**
 * Issue 30: an approval left open by an abandoned transfer is shown in Activity with one-click revoke, against the
 * built extension in Chromium on the devnet. The person approves, then declines the transfer itself in the wallet;
 * Activity shows the approval still open (read through the trusted RPC) and Revoke sends an approval of 0 through the
 * tab's wallet, after the approval guard and a simulation. The allowance is read back 0 on chain.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

type DappWallet = {
  holdNext(kind?: string): void;
  held(): boolean;
  release(approve?: boolean): void;
  requests: { method: string; params?: { data?: string }[] }[];
};

describe('an approval left open by an abandoned transfer (devnet)', () => {
  let env: DevnetDapp;
  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1 });
  });
  afterAll(async () => {
    await env?.stop();
  });

  const dappWallet = <T>(fn: (wallet: DappWallet) => T) =>
    env.dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;

  it('is shown in Activity and revoked with one click: an approval of 0, read back 0 on chain', async () => {
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    const allowance = async () =>
      BigInt(
        (await rpc(rpcUrl, 'eth_call', [
          {
            to: USDC,
            data: `0xdd62ed3e${ACCOUNT.slice(2).padStart(64, '0')}${ROUTER_ADDRESS.slice(2).padStart(64, '0')}`,
          },
          'latest',
        ])) as string,
      );
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    await dappWallet((w) => w.holdNext('transfer'));
    await popup.send();
    await expect.poll(() => dappWallet((w) => w.held()), { timeout: 30_000 }).toBe(true);
    // The approval went through; the person declines the transfer itself.
    expect(await allowance()).toBe(100_000_000n);
    await dappWallet((w) => w.release(false));

    await popup.tab('Activity').click();
    const open = popup.page.getByTestId('approval-open');
    await open.waitFor({ timeout: 15_000 });
    expect(await open.locator('p').first().textContent()).toMatch(/^100 USDC approved to 0x\w{4}…\w{4} is still open/);
    const sendsBefore = await dappWallet((w) => w.requests.filter((r) => r.method === 'eth_sendTransaction').length);
    await popup.page.getByTestId('revoke-approval').click();
    await popup.page.getByTestId('approval-revoked').waitFor({ timeout: 30_000 });
    expect(await allowance()).toBe(0n);
    // Exactly one more request: approve(router, 0).
    const sent = await dappWallet((w) =>
      w.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => r.params?.[0]?.data ?? ''),
    );
    expect(sent).toHaveLength(sendsBefore + 1);
    expect(sent.at(-1)).toBe(`0x095ea7b3${ROUTER_ADDRESS.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}`);
    await popup.page.close();
  }, 120_000);
});
