import type { Page } from 'playwright';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import { formatAmount, formatUnitsExact } from '../src/format/amount';
import { swapPaysAttacker } from '../testing/wallet/swapPaysAttacker';
import { devWalletSends } from './harness/devWalletSends';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';

/**
 * Issue 30, attack 1, against the built extension in Chromium, in LI.FI's dialect on the devnet: a compromised
 * service answers a swap-then-bridge call whose first swap pays another address, behind BridgeData and
 * `minAmount × outputAmountMultiplier` that match the choice. The calldata guard reads nothing wrong; the simulation
 * through the devnet's RPC (the extension's trusted one here, a real anvil answering eth_simulateV1) shows the swap's
 * output paid to the attacker, and the popup refuses before the wallet is asked for anything, not even the approval.
 */

const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const STEP = '/v1/advanced/stepTransaction';

describe('a source swap paying someone else (LI.FI dialect, devnet)', () => {
  let env: TamperedDevnetDapp;
  let proxy: TamperedDevnetDapp['proxy'];
  let dappPage: Page;

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect: 'lifi' });
    ({ proxy, dappPage } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const walletSends = () => devWalletSends(dappPage);

  it('is refused by the simulation before the wallet is asked anything', async () => {
    proxy.setTamper((path, body) => {
      // The attack rewrites AcrossFacetV4's source swap: the twin's other bridges are left out of the list.
      if (path === '/v1/advanced/routes') {
        const routes = body.routes as { steps: { tool: string }[] }[];
        return { ...body, routes: routes.filter((route) => route.steps[0]?.tool === 'across') };
      }
      if (path !== STEP) return body;
      const tx = body.transactionRequest as { data: Hex };
      return { ...body, transactionRequest: { ...tx, data: swapPaysAttacker(tx.data, ATTACKER) } };
    });
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'LINK', 'LINK');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('5');
    await popup.routes.first().waitFor({ timeout: 30_000 });
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    await popup.send();
    // Said on the review, Confirm off beside it (or after Confirm, had it been clicked first): the same words.
    const error = popup.refusal;
    await error.waitFor({ timeout: 30_000 });
    const text = (await error.textContent()) ?? '';
    expect(text).toMatch(
      /^Blocked for your safety: the simulation shows .* paid to 0x000000000000000000000000000000000000dead/,
    );
    expect(await walletSends()).toBe(0);
    proxy.setTamper(undefined);
    await popup.page.close();
  });

  it('says a transfer beyond the balance in the person’s words before the wallet is asked, when the shown balance is stale', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.page.getByText(/^Balance: [\d,.]+/).waitFor({ timeout: 20_000 });
    // Funds leave the account behind the popup's back (another wallet, another tab): its balance is now stale.
    const rpcUrl = env.devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
    const held = await usdcBalance(rpcUrl);
    const spent = 1_000_000_000n;
    await rpc(rpcUrl, 'eth_sendTransaction', [
      {
        from: ACCOUNT,
        to: USDC,
        data: `0xa9059cbb${ATTACKER.slice(2).padStart(64, '0')}${spent.toString(16).padStart(64, '0')}`,
      },
    ]);
    const now = held - spent;
    const amount = now + spent / 2n;
    await popup.amount.fill(formatUnitsExact(amount, 6));
    await popup.routes.first().waitFor({ timeout: 30_000 });
    await expect
      .poll(() => popup.page.getByTestId('send-hint').textContent(), { timeout: 20_000 })
      .toMatch(/You review every detail/);
    const before = await walletSends();
    await popup.send();
    const error = popup.refusal;
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toBe(
      `You hold ${formatAmount(now, 6)} USDC; this would send ${formatAmount(amount, 6)}. Nothing was sent.`,
    );
    expect(await walletSends()).toBe(before);
    await popup.page.close();
  });
});

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function usdcBalance(url: string): Promise<bigint> {
  return BigInt(
    (await rpc(url, 'eth_call', [
      { to: USDC, data: `0x70a08231${ACCOUNT.slice(2).padStart(64, '0')}` },
      'latest',
    ])) as string,
  );
}
