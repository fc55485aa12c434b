import type { Page, Worker } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension, setExtensionStorage, testSettings } from '../devtools/chromium';
import { type RunningServer, startServer } from '../server/app';
import {
  countNotificationCreates,
  notificationIds,
  readExtensionStorage,
  sendProtocolMessage,
} from './harness/extensionMessages';
import { answer, type FaultProxy, FORWARD, startFaultProxy } from './harness/faultProxy';
import { recordSentTransfer } from './harness/recordedTransfer';
import { stopServiceWorker } from './harness/serviceWorkers';
import { sendsByHash } from './harness/storedRecords';
import { startFixtureRpc, statusAnswer, transferInput, txHashFor } from './harness/transferFixtures';
import { copyBuiltExtension } from './pages/extensionCopy';

const STATUS = '/v1/status';

let fixtureRpc: Awaited<ReturnType<typeof startFixtureRpc>>;
/**
 * Notifications on; the made-up source transactions are read through a scripted trusted RPC (see startFixtureRpc).
 * Arbitrum's is set to the same node, which serves chain 1: the made-up arrivals are then said unchecked at once (the
 * RPC serves another chain) instead of read through the development build's devnet port. Arrivals read on a real
 * chain: e2e/arrivalAttacks.test.ts.
 */
const settingsFor = (apiBaseUrl: string) =>
  testSettings(apiBaseUrl, { notifications: true, rpcUrls: { '1': fixtureRpc.url, '42161': fixtureRpc.url } });

type StoredTransfer = { status: string; final: boolean; notifiedAt?: number; checks: number };

describe('tracking survives a stopped worker, a browser restart and a service restart', () => {
  let service: RunningServer;
  let proxy: FaultProxy;
  let browser: ExtensionBrowser;
  let extensionDir: string;
  let page: Page;

  beforeAll(async () => {
    fixtureRpc = await startFixtureRpc();
    service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
    proxy = await startFaultProxy(service.url);
    extensionDir = copyBuiltExtension();
    browser = await launchWithExtension({ extensionDir });
    await setExtensionStorage(browser.serviceWorker, { settings: settingsFor(proxy.url) });
    page = await extensionPage();
  });
  afterAll(async () => {
    await fixtureRpc?.close();
    await browser?.close();
    await proxy?.close();
    await service?.close();
  });

  /** An extension page to send protocol messages from (the popup, as the person would have it open). */
  async function extensionPage(): Promise<Page> {
    const p = await browser.context.newPage();
    await p.goto(`chrome-extension://${browser.extensionId}/popup.html`);
    await p.waitForSelector('html[data-ready]', { timeout: 30_000 });
    return p;
  }
  const transfer = async (worker: Worker | Page, hash: string) =>
    sendsByHash(await readExtensionStorage(worker, 'transfers'))[hash.toLowerCase()] as StoredTransfer | undefined;
  const statusRequestsFor = (hash: string) =>
    proxy.requests.filter((r) => r.path === STATUS && r.query.get('txHash') === hash);
  const notificationsFor = async (worker: Worker | Page, hash: string) =>
    (await notificationIds(worker)).filter((id) => id === `transfer:${hash.toLowerCase()}`);

  it('resumes tracking after the service worker is stopped mid-transfer and notifies once', async () => {
    const hash = txHashFor('resilience:worker-stop');
    proxy.script(STATUS, [], answer(200, statusAnswer(hash, 'PENDING')));
    await recordSentTransfer(page, transferInput(hash, 20));
    // Hot window: a check every 4 s once the first is due (5 s).
    await expect.poll(() => statusRequestsFor(hash).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    // Closing the popup first: an open extension page would wake the worker by itself.
    await page.close();

    await stopServiceWorker(browser.context, browser.extensionId);
    const stoppedAt = Date.now();
    proxy.script(STATUS, [], answer(200, statusAnswer(hash, 'DONE')));
    // Only the alarm (Chrome's 30 s minimum) can wake it now.
    await expect
      .poll(() => statusRequestsFor(hash).filter((r) => r.at > stoppedAt).length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(1);
    // Woken by its alarm (proved above, nothing else talks to it); read its state from an extension page now.
    const worker = await extensionPage();
    await expect.poll(async () => (await transfer(worker, hash))?.notifiedAt, { timeout: 20_000 }).toBeDefined();
    const record = (await transfer(worker, hash))!;
    expect(record).toMatchObject({ status: 'DONE', final: true });
    expect(await notificationsFor(worker, hash)).toHaveLength(1);
    // Final: no more polling, no second notification.
    const checks = statusRequestsFor(hash).length;
    await new Promise((done) => setTimeout(done, 6_000));
    expect(statusRequestsFor(hash).length).toBe(checks);
    expect((await transfer(worker, hash))?.notifiedAt).toBe(record.notifiedAt);
  }, 120_000);

  it('resumes tracking after a browser restart with the same profile, and never repeats the notification', async () => {
    const hash = txHashFor('resilience:browser-restart');
    proxy.script(STATUS, [], answer(200, statusAnswer(hash, 'PENDING')));
    page = await extensionPage();
    await recordSentTransfer(page, transferInput(hash, 20));
    await expect.poll(() => statusRequestsFor(hash).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await browser.close({ keepProfile: true });
    const closedAt = Date.now();

    proxy.script(STATUS, [], answer(200, statusAnswer(hash, 'DONE')));
    browser = await launchWithExtension({ userDataDir: browser.userDataDir, extensionDir });
    await expect
      .poll(async () => (await transfer(browser.serviceWorker, hash))?.notifiedAt, { timeout: 60_000, interval: 500 })
      .toBeDefined();
    expect(statusRequestsFor(hash).filter((r) => r.at > closedAt).length).toBeGreaterThanOrEqual(1);
    const record = (await transfer(browser.serviceWorker, hash))!;
    expect(record).toMatchObject({ status: 'DONE', final: true });
    expect(await notificationsFor(browser.serviceWorker, hash)).toHaveLength(1);

    // Another restart: the outcome is already notified, so nothing is shown again and nothing is polled.
    await browser.close({ keepProfile: true });
    const secondClose = Date.now();
    browser = await launchWithExtension({ userDataDir: browser.userDataDir, extensionDir });
    page = await extensionPage();
    await new Promise((done) => setTimeout(done, 5_000));
    expect(await notificationsFor(browser.serviceWorker, hash)).toHaveLength(0);
    expect((await transfer(browser.serviceWorker, hash))?.notifiedAt).toBe(record.notifiedAt);
    expect(statusRequestsFor(hash).filter((r) => r.at > secondClose)).toHaveLength(0);
  }, 150_000);

  it('completes and reports a transfer while the routing service is restarted', async () => {
    const hash = txHashFor('resilience:service-restart');
    const created = await countNotificationCreates(browser.serviceWorker);
    proxy.script(STATUS, [], answer(200, statusAnswer(hash, 'PENDING')));
    await recordSentTransfer(page, transferInput(hash, 20));
    await expect.poll(() => statusRequestsFor(hash).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    // The service goes away: the proxy can only answer 502 (retried by the client, then by the schedule).
    proxy.script(STATUS, [], FORWARD);
    await service.close();
    await expect
      .poll(() => statusRequestsFor(hash).filter((r) => r.status === 502).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await transfer(browser.serviceWorker, hash))?.status).toBe('PENDING');
    expect((await transfer(browser.serviceWorker, hash))?.final).toBe(false);

    // Back on a new port. The stateless service knows nothing of the made-up hash (NOT_FOUND), so the proxy turns
    // its real answer into the outcome: the request still has to go through the restarted service.
    service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
    proxy.setTarget(service.url);
    const restartedAt = Date.now();
    proxy.script(STATUS, [], { kind: 'rewrite', rewrite: () => statusAnswer(hash, 'DONE') });
    await expect
      .poll(async () => (await transfer(browser.serviceWorker, hash))?.notifiedAt, { timeout: 60_000, interval: 500 })
      .toBeDefined();
    expect((await transfer(browser.serviceWorker, hash))?.status).toBe('DONE');
    expect(statusRequestsFor(hash).some((r) => r.at > restartedAt && r.status === 200)).toBe(true);
    expect(await notificationsFor(browser.serviceWorker, hash)).toHaveLength(1);
    expect(await created()).toEqual([`transfer:${hash.toLowerCase()}`]);
    const transfers = await sendProtocolMessage<unknown[]>(page, 'getTransfers');
    // Nothing lost across all three disruptions.
    expect(transfers.ok && transfers.value.length).toBe(3);
  }, 120_000);
});
