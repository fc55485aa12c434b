import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopupPage } from '../devtools/popupPage';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { notificationIds, readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions, storedSends } from './harness/storedRecords';
import { startTamperingProxy } from './harness/tamperingProxy';

/**
 * Issue #18: the person is asked back only for a decision of theirs. A worse rate found after the popup closed (a
 * wallet window took focus) waits with a notification; the reopened popup asks, and the transfer goes on once
 * accepted. The service is real; a proxy in front of it lowers the fresh minimum of the step transaction.
 */

type Execution = { id: string; phase: string; ratePrompt?: { previousMin: string; newMin: string } };
type Transfer = { fromAmount: string; status: string };

describe('a worse rate found while the popup is closed (devnet)', () => {
  let env: DevnetDapp;
  let proxy: Awaited<ReturnType<typeof startTamperingProxy>>;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 10],
      walletChainId: 1,
      timeFactor: 0.01,
      settings: { notifications: true },
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startTamperingProxy(serviceUrl);
        return proxy.url;
      },
    });
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  /** The stored executions or transactions, newest first (one record per transfer holds both). */
  const stored = async <T>(what: 'executions' | 'transfers') => {
    const value = await readExtensionStorage(env.browser.serviceWorker, 'transfers');
    return (what === 'executions' ? storedExecutions(value) : storedSends(value)) as T[];
  };

  it('waits with a notification, asks in the reopened popup, and sends at the new rate once accepted', async () => {
    // The fresh step quotes 3 % less than shown: more than the 0.5 % slippage.
    proxy.setTamper((path, body) => {
      if (!path.endsWith('/stepTransaction')) return body;
      const estimate = body.estimate as Record<string, string>;
      return {
        ...body,
        estimate: { ...estimate, toAmountMin: ((BigInt(estimate.toAmountMin!) * 97n) / 100n).toString() },
      };
    });
    const { browser, tabId } = env;
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['OP Mainnet', 'USDC'], amount: '30' });
    await popup.send();
    // The wallet's approval window takes focus: the popup closes.
    await popup.page.close();

    await expect
      .poll(async () => (await stored<Execution>('executions'))[0]?.phase, { timeout: 60_000, interval: 500 })
      .toBe('needsRate');
    const [waiting] = await stored<Execution>('executions');
    expect(BigInt(waiting!.ratePrompt!.newMin)).toBeLessThan(BigInt(waiting!.ratePrompt!.previousMin));
    // The notification follows the stored phase (executions.ts: phase first, then needsPerson).
    await expect
      .poll(() => notificationIds(browser.serviceWorker), { timeout: 10_000, interval: 250 })
      .toContain(`execution:${waiting!.id}`);
    expect(await stored<Transfer>('transfers')).toEqual([]);

    // Reopened (as the notification's click does), with the form forgotten: the question is there all the same,
    // for the transfer under way.
    const again = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    const prompt = again.page.getByTestId('rate-prompt');
    await prompt.waitFor({ timeout: 15_000 });
    expect(await prompt.textContent()).toMatch(/USDC/);
    await prompt.getByRole('button', { name: /accept/i }).click();
    await again.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await stored<Transfer>('transfers')).map((t) => `${t.fromAmount}:${t.status}`), {
        timeout: 90_000,
        interval: 1000,
      })
      .toEqual(['30000000:DONE']);
    await again.page.close();
  }, 240_000);
});
