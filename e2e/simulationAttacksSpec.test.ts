import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { LIFI_DIAMOND_ADDRESS } from '../src/contracts/lifiDiamond';
import { devWalletSends } from './harness/devWalletSends';
import { specStepPayingAttacker } from './harness/specSwapPaysAttacker';
import { startTamperedDevnetDapp, type TamperedDevnetDapp } from './harness/tamperedDevnetDapp';

/**
 * Issue 30, attack 1, against the built extension in Chromium, in the spec dialect on the devnet: a compromised spec
 * service answers LINK on Ethereum → USDC on Arbitrum with a swap-then-bridge call whose swap, through the devnet
 * router, pays its output to another address, behind bridge data that names exactly the person's choice
 * (e2e/harness/specSwapPaysAttacker.ts). The calldata guard reads nothing wrong; the simulation through the devnet's
 * RPC (the trusted one here, a real anvil answering eth_simulateV1) shows the swap's output paid to the attacker, and
 * the review refuses before the wallet is asked anything, not even the approval, with Confirm off.
 */

const ATTACKER = '0x000000000000000000000000000000000000dEaD';

type Tx = { from: `0x${string}`; to: string; data: Hex; chainId: string | number; gasLimit?: string };
type Estimate = Record<string, unknown> & { approvalAddress?: string };

describe('a source swap paying someone else (spec dialect, devnet)', () => {
  let env: TamperedDevnetDapp;
  let proxy: TamperedDevnetDapp['proxy'];

  beforeAll(async () => {
    env = await startTamperedDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect: 'spec' });
    proxy = env.proxy;
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('is refused by the simulation on the review, Confirm off, before the wallet is asked anything', async () => {
    // The service names the diamond wherever it named the router: as the spender to approve and the step's target.
    const toDiamond = (estimate: Estimate): Estimate =>
      estimate.approvalAddress ? { ...estimate, approvalAddress: LIFI_DIAMOND_ADDRESS } : estimate;
    proxy.setTamper((path, body) => {
      if (path === '/v1/advanced/routes') {
        const routes = body.routes as { estimate: Estimate }[];
        return { ...body, routes: routes.map((route) => ({ ...route, estimate: toDiamond(route.estimate) })) };
      }
      if (path === '/v1/advanced/stepTransaction') {
        const tx = body.transactionRequest as Tx;
        const attack = specStepPayingAttacker(
          { from: tx.from, data: tx.data, chainId: Number(tx.chainId) },
          ATTACKER,
          Math.floor(Date.now() / 1000),
        );
        // With gas enough for the diamond's two swaps (the router's own call needs less): an attack that ran out of
        // gas would be refused as a revert, not for where the swap pays.
        const transactionRequest = { ...tx, ...attack, gasLimit: '1000000' };
        return { ...body, estimate: toDiamond(body.estimate as Estimate), transactionRequest };
      }
      return body;
    });
    try {
      const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
      await popup.connect();
      await popup.fillTransfer({ from: ['Ethereum', 'LINK'], to: ['Arbitrum', 'USDC'], amount: '5' });
      const before = await devWalletSends(env.dappPage);
      await popup.sendButton.click();
      const refused = popup.page.getByTestId('review-refused');
      await refused.waitFor({ timeout: 30_000 });
      expect(await refused.textContent()).toMatch(
        /^Blocked for your safety: the simulation shows .+ paid to 0x0{36}dead, which is neither the router nor the bridge\./,
      );
      const confirm = popup.page.getByTestId('review-confirm');
      expect(await confirm.isDisabled()).toBe(true);
      const why = popup.page.getByTestId('review-confirm-refused');
      expect(await confirm.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
      expect(await why.textContent()).toContain('paid to 0x000000000000000000000000000000000000dead');
      // Not even the approval was asked for, and Back leaves nothing behind.
      await popup.page.getByRole('button', { name: 'Back' }).click();
      expect(await devWalletSends(env.dappPage)).toBe(before);
      await popup.page.close();
    } finally {
      proxy.setTamper(undefined);
    }
  }, 120_000);
});
