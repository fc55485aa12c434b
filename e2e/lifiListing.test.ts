import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { startTamperingProxy } from './harness/tamperingProxy';

const ATTACKER = '0x000000000000000000000000000000000000dEaD';

/**
 * A compromised LI.FI chain listing that names another diamond on Arbitrum (the twin of LI.FI's API on the devnet,
 * behind a proxy that rewrites `GET /v1/chains`): the extension compares it with the diamond it pins from LI.FI's
 * published deployments, asks for no route there, and says why in the popup.
 */
describe('a LI.FI chain listing that names another diamond (devnet, LI.FI dialect)', () => {
  let env: DevnetDapp;
  let proxy: Awaited<ReturnType<typeof startTamperingProxy>>;
  const answered: string[] = [];

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      dialect: 'lifi',
      settings: { apiDialect: 'auto' },
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startTamperingProxy(serviceUrl);
        proxy.setTamper((path, body) => {
          answered.push(path);
          if (path !== '/v1/chains') return body;
          const chains = body.chains as { id: number; diamondAddress?: string }[];
          return { ...body, chains: chains.map((c) => (c.id === 42161 ? { ...c, diamondAddress: ATTACKER } : c)) };
        });
        return proxy.url;
      },
    });
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  it('refuses the chain in words and asks li.quest for no route there', async () => {
    const popup = await PopupPage.open(env.browser.context, env.browser.extensionId, { tabId: env.tabId });
    await popup.page.getByRole('button', { name: 'Connect wallet' }).click();
    await popup.page.getByTestId('wallet-connected').waitFor();
    await popup.pickChain('from', 'Ethereum');
    await popup.pickToken('from', 'USDC', 'USDC');
    await popup.pickChain('to', 'Arbitrum');
    await popup.pickToken('to', 'USDC', 'USDC');
    await popup.amount.fill('50');
    await expect
      .poll(() => popup.page.getByTestId('routes-message').textContent(), { timeout: 20_000 })
      .toMatch(/^Arbitrum is refused: LI.FI's chain listing names 0x0+dEaD as its diamond there/);
    expect(answered).toContain('/v1/chains');
    expect(answered).not.toContain('/v1/advanced/routes');
  }, 60_000);
});
