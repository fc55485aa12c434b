import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import type { JourneyInput } from './harness/journeyRunner';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * Issue 39: nothing shown is refused at signing. On the LI.FI twin (devnet, LI.FI dialect) the built extension lists
 * the routes for five chain and token pairs, and each listed route is chosen and sent, the Dev Wallet signing:
 * none may be refused by the guard or the review's check. A route the guard could not read must never have been
 * listed (src/checks/readableRoute.ts, src/api/lifi/routes.ts).
 */

// One pair per kind of route the guard reads differently, every bridge the twin lists on each: a token and the
// native coin across (both on Arbitrum, where each LI.FI bridge is listed), a swap on the source (LINK), a second
// step on the destination (ARB) and a same-chain swap. More pairs of the same kinds sign the same facets again: each
// route costs a popup, its proofs, an approval and a send (12 s on two quiet cores, more on CI's loaded ones), and
// ten routes a pair; a dozen pairs took most of CI's hour and a half.
const PAIRS: readonly Omit<JourneyInput, 'routeIndex'>[] = [
  { from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'USDC'], amount: '21' },
  { from: ['Ethereum', 'ETH'], to: ['Arbitrum', 'ETH'], amount: '0.021' },
  { from: ['Ethereum', 'LINK'], to: ['Arbitrum', 'USDC'], amount: '2.5' },
  { from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: '25' },
  { from: ['Ethereum', 'ETH'], to: ['Ethereum', 'USDC'], amount: '0.025' },
];

describe('every route listed on the LI.FI twin is signed, none refused (devnet)', () => {
  let env: DevnetDapp;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, dialect: 'lifi' });
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  /** The popup filled in for `pair`, every route listed. */
  async function listed(pair: Omit<JourneyInput, 'routeIndex'>): Promise<JourneyPopup> {
    const popup = await JourneyPopup.open(env.browser.context, env.browser.extensionId, env.tabId);
    await popup.connect();
    await popup.fill(pair);
    await popup.popup.showAllRoutes();
    return popup;
  }

  for (const pair of PAIRS) {
    const name = `${pair.from.join(' ')} → ${pair.to.join(' ')}`;
    it(`${name}: each listed route is sent`, async () => {
      const first = await listed(pair);
      const count = await first.routeChoices.count();
      await first.page.close();
      expect(count).toBeGreaterThan(0);
      console.info(`${name}: ${count} routes listed`);
      const refused: string[] = [];
      for (let index = 0; index < count; index++) {
        const popup = await listed(pair);
        try {
          const chosen = await popup.choose(index);
          // A route losing more than a tenth of the value asks the person to say they understand: they do.
          const understood = popup.page.getByRole('checkbox', { name: 'I understand I will lose this value' });
          if (await understood.isVisible()) await understood.check();
          const sendable = await popup.popup.sendButton
            .and(popup.page.locator(':enabled'))
            .waitFor({ timeout: 30_000 })
            .then(() => true)
            .catch(() => false);
          if (!sendable) {
            refused.push(
              `${chosen}: not sendable: ${((await popup.page.locator('body').textContent()) ?? '').slice(-700)}`,
            );
            continue;
          }
          await popup.popup.send();
          const done = popup.page.getByTestId('execution-done');
          await done.or(popup.popup.refusal).first().waitFor({ timeout: 90_000 });
          if (!(await done.isVisible())) refused.push(`${chosen}: ${await popup.popup.refusal.textContent()}`);
        } finally {
          await popup.page.close();
        }
      }
      expect(refused).toEqual([]);
    }, 900_000);
  }
});
