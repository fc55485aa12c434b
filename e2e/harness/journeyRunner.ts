import type { Page } from 'playwright';
import { createPublicClient, erc20Abi, http } from 'viem';
import { expect } from 'vitest';
import type { ExtensionBrowser } from '../../devtools/chromium';
import type { Devnet } from '../../server/devnet/devnet';
import type { SentTransfer } from '../../src/model/transfer';
import { JourneyPopup } from '../pages/journeyPopup';
import { notificationIds, readExtensionStorage } from './extensionMessages';
import { storedSends } from './storedRecords';

const NATIVE = '0x0000000000000000000000000000000000000000';

export type JourneyInput = {
  from: [chain: string, token: string];
  to: [chain: string, token: string];
  amount: string;
  recipient?: string;
  /** Compare routes and pick this one (0-based); default: the selected one. */
  routeIndex?: number;
};

/**
 * Whole journeys a person makes on the devnet, shared by the journey tests of both dialects: the popup for the Dev
 * Wallet's tab, routes compared and chosen, approval and signature, the popup closed, then tracking in the
 * background to the completion notification. `monitor` is an extension page the storage is read from (the worker's
 * Playwright handle goes stale if Chrome stops it while idle).
 */
export function journeyRunner(env: { devnet: Devnet; browser: ExtensionBrowser; tabId: number }, monitor: Page) {
  const { devnet, browser, tabId } = env;

  const balanceOf = (chainId: number, token: string, owner: string): Promise<bigint> => {
    const chain = devnet.chains.find((c) => c.chainId === chainId);
    if (!chain) throw new Error(`no devnet chain ${chainId}`);
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    return token === NATIVE
      ? client.getBalance({ address: owner as `0x${string}` })
      : client.readContract({
          address: token as `0x${string}`,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner as `0x${string}`],
        });
  };

  /** The stored transactions, newest first. */
  const transfers = async (): Promise<SentTransfer[]> => storedSends(await readExtensionStorage(monitor, 'transfers'));

  /** Runs one journey to the completion notification; returns the final record and the route chosen, if any. */
  async function journey(t: JourneyInput): Promise<{ record: SentTransfer; chosen: string }> {
    const before = (await transfers()).length;
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill(t);
    let chosen = '';
    if (t.routeIndex !== undefined) {
      // Compare: several routes, each naming what it delivers.
      await expect
        .poll(
          async () => {
            await popup.popup.showAllRoutes();
            return popup.routeChoices.count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(t.routeIndex);
      chosen = await popup.choose(t.routeIndex);
      expect(chosen).toMatch(/: receive [\d,.]+ \w+/);
    }
    await popup.send();
    await expect.poll(async () => (await transfers()).length).toBe(before + 1);
    // The person closes the popup: tracking and the notification go on in the background.
    await popup.page.close();
    await expect
      .poll(async () => (await transfers())[0]?.notifiedAt, { timeout: 120_000, interval: 1_000 })
      .toBeDefined();
    const record = (await transfers())[0]!;
    expect(record.status).toBe('DONE');
    expect(await notificationIds(monitor)).toContain(`transfer:${record.txHash.toLowerCase()}`);
    return { record, chosen };
  }

  return { balanceOf, transfers, journey };
}
