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
 *
 * Issue 41, point 15: while the wallet is asked, the form says what is sent (the amount field, cleared, is not
 * shown); Revoke says it waits for the wallet and a decline in words; Activity finds a transfer by search and status
 * and copies its hash.
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
    // Issue 41, point 15: while the wallet is asked, the form says what is sent, not an empty amount field.
    expect(await popup.page.getByTestId('sending-summary').textContent()).toBe(
      'Sending 100 USDC from Ethereum to Arbitrum, received as USDC',
    );
    expect(await popup.amount.count()).toBe(0);
    // The approval went through; the person declines the transfer itself.
    expect(await allowance()).toBe(100_000_000n);
    await dappWallet((w) => w.release(false));

    await popup.tab('Activity').click();
    const open = popup.page.getByTestId('approval-open');
    await open.waitFor({ timeout: 15_000 });
    expect(await open.locator('p').first().textContent()).toMatch(/^100 USDC approved to 0x\w{4}…\w{4} is still open/);
    const sendsBefore = await dappWallet((w) => w.requests.filter((r) => r.method === 'eth_sendTransaction').length);
    // Issue 41, point 15: Revoke says it waits for the wallet while the wallet asks, and a decline in words.
    await dappWallet((w) => w.holdNext('approval'));
    await popup.page.getByTestId('revoke-approval').click();
    await expect.poll(() => dappWallet((w) => w.held()), { timeout: 30_000 }).toBe(true);
    expect(await popup.page.getByTestId('revoke-waiting').textContent()).toBe(
      'Confirm in your wallet… It asks for an approval of 0, which closes this one.',
    );
    await dappWallet((w) => w.release(false));
    const declined = open.getByRole('alert');
    await declined.waitFor({ timeout: 15_000 });
    expect(await declined.textContent()).toBe(
      'You declined in your wallet: the approval is still open. Revoke it again when you are ready.',
    );
    expect(await popup.page.getByTestId('revoke-waiting').count()).toBe(0);
    expect(await allowance()).toBe(100_000_000n);
    await popup.page.getByTestId('revoke-approval').click();
    await popup.page.getByTestId('approval-revoked').waitFor({ timeout: 30_000 });
    expect(await allowance()).toBe(0n);
    // Exactly one more request: approve(router, 0).
    const sent = await dappWallet((w) =>
      w.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => r.params?.[0]?.data ?? ''),
    );
    // The declined approval of 0 and the confirmed one.
    expect(sent).toHaveLength(sendsBefore + 2);
    expect(sent.at(-1)).toBe(`0x095ea7b3${ROUTER_ADDRESS.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}`);
    await popup.page.close();
  }, 120_000);

  it('finds a transfer by search and status in Activity, and copies its hash', async () => {
    // So the test can read back what Copy wrote.
    await env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.connect();
    // Enough that the fees are no loss to confirm first.
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '100' });
    await popup.send();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await popup.tab('Activity').click();
    const entries = popup.page.getByTestId('transfer');
    // The newest card: this transfer (the first test's declined one waits apart, with no transaction sent).
    const arrived = entries.first();
    await arrived.waitFor({ timeout: 15_000 });
    await expect.poll(() => arrived.getAttribute('data-status'), { timeout: 90_000 }).toBe('DONE');

    // The status filter: the transfer that arrived under Completed, the one left waiting under Needs attention.
    const filter = popup.page.getByRole('combobox', { name: 'Show' });
    await filter.selectOption({ label: 'Completed' });
    expect(await entries.count()).toBe(1);
    expect(await popup.page.getByTestId('waiting-execution').count()).toBe(0);
    await filter.selectOption({ label: 'Needs attention' });
    expect(await entries.count()).toBe(0);
    await filter.selectOption({ label: 'All' });

    // The search: a chain, then a part of the hash, then something no transfer has.
    const search = popup.page.getByRole('searchbox', { name: 'Search Activity' });
    const copy = arrived.getByRole('button', { name: /^Copy the hash: Source transaction, 0x[0-9a-f]{64}$/ });
    const hash = (await copy.getAttribute('aria-label'))!.split(', ').at(-1)!;
    await search.fill(hash.slice(0, 12).toUpperCase());
    expect(await entries.count()).toBe(1);
    await search.fill('solana');
    expect(await entries.count()).toBe(0);
    expect(await popup.page.getByTestId('activity-no-match').textContent()).toBe('No transfer matches. Show all');
    await popup.page.getByRole('button', { name: 'Show all' }).click();
    expect(await search.inputValue()).toBe('');

    await copy.click();
    const state = arrived.getByTestId('copy-state');
    await state.waitFor();
    // Refused, it would say so with the hash to copy by hand: a browser that lets the popup copy says Copied.
    expect(await state.textContent()).toBe('Copied');
    expect(await popup.page.evaluate(() => navigator.clipboard.readText())).toBe(hash);
    await popup.page.close();
  }, 180_000);
});
