import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, statusBody, transferInput, txHash, USDC_ETH } from '../../../testing/background/fixtures';
import { alarmFired, type Harness, send, startHarness } from '../../../testing/background/harness';
import { storedSend, storeSends } from '../../../testing/background/storedRecords';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import type { SentTransfer } from '../../model/transfer';
import { settingsItem } from '../../storage/settings';
import { transfersItem } from '../../storage/transfers';
import { notificationIdFor, openFor } from './notifications';
import { GIVE_UP_AFTER_MS, NOT_FOUND_GRACE_MS } from './schedule';
import { POLL_ALARM } from './transferScheduler';

let server: ScriptedServer;
let h: Harness;
const HASH = txHash(1);

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  h = await startHarness(server);
});
afterEach(() => {
  h.runtime.stop();
  vi.restoreAllMocks();
});

const NOT_CHECKED_ON_ARBITRUM =
  "Arrival not checked on chain: it is the bridge's word only, the extension trusts no RPC for Arbitrum (add one in Settings).";
const statusRequests = () => server.requests.filter((r) => r.path === '/v1/status');
const stored = (hash = HASH): Promise<SentTransfer | undefined> => storedSend(hash);
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

/** Moves the clock to the transfer's next check and fires the alarm by hand, as Chrome would. */
async function fireAtNextCheck(hash = HASH) {
  const next = (await stored(hash))?.nextCheckAt;
  if (next !== undefined) h.clock.set(Math.max(h.clock.now(), next));
  await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
  await h.runtime.deps.scheduler.runDue();
}

async function track(input = transferInput()) {
  // What the signing flow does once the wallet answered with the hash.
  const reply = await toReply(() => h.runtime.steps.trackTransfer(input));
  if (!reply.ok) throw new Error(reply.error.shortMessage);
  return reply.value;
}

describe('transfer tracking', () => {
  it('links the source transaction from the moment it is recorded, from the chain list it has', async () => {
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    await send('getChains', undefined);
    const record = await track();
    expect(record.sendingTxLink).toBe(`https://etherscan.io/tx/${HASH}`);
    // Without a chain list (nothing cached, nothing fetched for it), no link rather than a wait.
    const other = await track(transferInput({ txHash: txHash(0x99), fromChainId: 10 }));
    expect(other.sendingTxLink).toBeUndefined();
  });

  it('records the transfer before any status request and arms the alarm', async () => {
    const record = await track();
    expect(record).toMatchObject({ txHash: HASH, status: 'SUBMITTED', final: false, checks: 0 });
    expect(await stored()).toEqual(record);
    expect(statusRequests()).toHaveLength(0);
    const alarm = await fakeBrowser.alarms.get(POLL_ALARM);
    expect(alarm?.scheduledTime).toBe(record.nextCheckAt);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
  });

  it('keeps one record when the same hash is reported twice', async () => {
    const first = await track();
    h.clock.advance(5_000);
    const second = await track(transferInput({ txHash: HASH.toUpperCase().replace('0X', '0x') as `0x${string}` }));
    expect(second.createdAt).toBe(first.createdAt);
    expect(Object.keys(await transfersItem.getValue())).toEqual([HASH]);
  });

  it('polls on the alarm until DONE, notifies once in words, clears the badge and the alarm', async () => {
    server.script(
      'GET /v1/status',
      { body: statusBody('PENDING', 'WAIT_DESTINATION_TRANSACTION') },
      { body: statusBody('DONE', 'COMPLETED') },
    );
    await track();
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION', checks: 1 });
    await fireAtNextCheck();
    const done = await stored();
    expect(done).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', final: true });
    expect(done?.nextCheckAt).toBeUndefined();
    expect(done?.notifiedAt).toBeDefined();
    expect(statusRequests()[0]?.query.get('txHash')).toBe(HASH);
    // The harness trusts no RPC for Arbitrum: the arrival is said to be the service's word (anvil confirms it in
    // src/background/arrival/arrivalTracking.test.ts).
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'Transfer reported complete',
        message: `Received 99.8 USDC on Arbitrum. ${NOT_CHECKED_ON_ARBITRUM}`,
      }),
    ]);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(await fakeBrowser.alarms.get(POLL_ALARM)).toBeUndefined();
  });

  it('does not ask before a check is due', async () => {
    await track();
    await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
    await h.runtime.deps.scheduler.runDue();
    expect(statusRequests()).toHaveLength(0);
  });

  it('continues after a service-worker restart in the middle and notifies exactly once across restarts', async () => {
    server.script('GET /v1/status', { body: statusBody('PENDING') });
    await track();
    await fireAtNextCheck();
    await fakeBrowser.alarms.clearAll(); // Even if the alarm was lost, start-up re-creates it from storage.
    await h.restart();
    expect(await fakeBrowser.alarms.get(POLL_ALARM)).toBeDefined();

    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED') });
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'DONE', final: true });
    await h.restart();
    await fireAtNextCheck();
    await h.restart();
    expect(create).toHaveBeenCalledTimes(1);
    expect(statusRequests()).toHaveLength(2);
  });

  it('does not repeat a notification created just before a crash, and creates one that was never shown', async () => {
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED') });
    await track();
    await fireAtNextCheck();
    // Crash between notifications.create and the notifiedAt write: the notification is up, the mark is not.
    const record = (await stored())!;
    await storeSends({ ...record, notifiedAt: undefined });
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await h.restart();
    expect(create).not.toHaveBeenCalled();
    expect((await stored())?.notifiedAt).toBeDefined();

    // Crash after the final state was stored but before the notification was created.
    await fakeBrowser.notifications.clear(notificationIdFor(HASH));
    await storeSends({ ...record, notifiedAt: undefined });
    await h.restart();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('tolerates NOT_FOUND for the grace period, then marks the transfer LOST with guidance', async () => {
    server.script('GET /v1/status', { status: 404, body: { status: 'NOT_FOUND' } });
    await track();
    const started = h.clock.now();
    for (let i = 0; i < 200 && !(await stored())?.final; i++) await fireAtNextCheck();
    const lost = (await stored())!;
    expect(lost).toMatchObject({ status: 'LOST', final: true });
    expect(lost.updatedAt - started).toBeGreaterThanOrEqual(NOT_FOUND_GRACE_MS);
    expect(notifications()[0]?.message).toMatch(/^Not found: The routing service never saw this transaction/);
  });

  it('backs off on 429 for at least Retry-After and holds every other request meanwhile', async () => {
    server.script('GET /v1/status', {
      status: 429,
      headers: { 'retry-after': '120' },
      body: { message: 'slow down', code: 1005 },
    });
    await track();
    await fireAtNextCheck();
    const after = (await stored())!;
    expect(after).toMatchObject({ consecutiveErrors: 1, status: 'SUBMITTED' });
    expect(after.lastError).toMatch(/busy/);
    expect(after.nextCheckAt! - h.clock.now()).toBeGreaterThanOrEqual(120_000);
    expect(h.runtime.deps.api.queue.pausedUntil()).toBeGreaterThanOrEqual(h.clock.now() + 120_000);

    // Firing early asks nothing; at the time it asks again.
    h.clock.advance(60_000);
    await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
    await h.runtime.deps.scheduler.runDue();
    expect(statusRequests()).toHaveLength(1);
    server.script('GET /v1/status', { body: statusBody('PENDING') });
    await fireAtNextCheck();
    expect(statusRequests()).toHaveLength(2);
    expect(await stored()).toMatchObject({ consecutiveErrors: 0, status: 'PENDING' });
  });

  it.each([
    // No RPC for Arbitrum is trusted here: the arrival is the service's word, and said so. (A refund is read on the
    // source chain, whose scripted node answers any hash as the approved transaction: arrivalConfirm.test.ts.)
    [
      'DONE',
      'COMPLETED',
      {},
      'Transfer reported complete',
      `Received 99.8 USDC on Arbitrum. ${NOT_CHECKED_ON_ARBITRUM}`,
    ],
    [
      'DONE',
      'PARTIAL',
      { receiving: { token: { ...USDC_ETH, symbol: 'USDC.e', chainId: 42161 } } },
      'Transfer completed with another token',
      `Received 99.8 USDC.e on Arbitrum instead of USDC. ${NOT_CHECKED_ON_ARBITRUM}`,
    ],
    ['FAILED', 'SLIPPAGE_EXCEEDED', {}, 'Transfer failed', 'Failed: the price moved beyond your slippage'],
    ['FAILED', 'OUT_OF_GAS', {}, 'Transfer failed', 'Failed: the transaction ran out of gas'],
  ] as const)('notifies %s/%s once', async (status, substatus, extra, title, message) => {
    server.script('GET /v1/status', { body: statusBody(status, substatus, extra) });
    await track();
    await fireAtNextCheck();
    await fireAtNextCheck();
    expect(notifications()).toEqual([expect.objectContaining({ title, message })]);
    expect(await stored()).toMatchObject({ status, substatus, final: true });
  });

  it('keeps an unknown status and substatus, shows them, and keeps polling', async () => {
    server.script('GET /v1/status', { body: statusBody('BRIDGING_ON_THE_MOON', 'NEW_SUBSTATUS') });
    await track();
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'BRIDGING_ON_THE_MOON', substatus: 'NEW_SUBSTATUS', final: false });
    expect(await fakeBrowser.alarms.get(POLL_ALARM)).toBeDefined();
    const reply = await send('getTransfers', undefined);
    // One record per transfer, with the transaction it sent.
    expect(reply.ok && reply.value[0]?.sends[0]?.status).toBe('BRIDGING_ON_THE_MOON');
  });

  it('never lets a later PENDING overwrite DONE', async () => {
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED') }, { body: statusBody('PENDING') });
    await track();
    await fireAtNextCheck();
    await h.runtime.deps.tracker.check(HASH);
    await fireAtNextCheck();
    expect(statusRequests()).toHaveLength(1);
    expect(await stored()).toMatchObject({ status: 'DONE', final: true });
  });

  it('gives up after two days with where to look', async () => {
    server.script('GET /v1/status', { body: statusBody('PENDING', 'WAIT_DESTINATION_TRANSACTION') });
    await track();
    await fireAtNextCheck();
    h.clock.advance(GIVE_UP_AFTER_MS);
    await h.runtime.deps.tracker.check(HASH);
    const stopped = (await stored())!;
    expect(stopped).toMatchObject({ status: 'TRACKING_STOPPED', final: true });
    expect(stopped.substatusMessage).toContain(`https://etherscan.io/tx/${HASH}`);
    expect(notifications()[0]?.title).toBe('Transfer still unconfirmed');
  });

  it('honours the notifications toggle without replaying later', async () => {
    await settingsItem.setValue({ ...(await settingsItem.getValue()), notifications: false });
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED') });
    await track();
    await fireAtNextCheck();
    expect(notifications()).toHaveLength(0);
    expect((await stored())?.notifiedAt).toBeDefined();
  });

  it('opens the destination transaction on click, or the activity view for unsafe links', async () => {
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED') });
    await track();
    await fireAtNextCheck();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openFor(notificationIdFor(HASH), h.runtime.deps.store);
    expect(create).toHaveBeenLastCalledWith({ url: `https://arbiscan.io/tx/${txHash(0xbeef)}` });

    const record = (await stored())!;
    await storeSends({ ...record, receiving: { txLink: 'http://evil.example/tx/1' } });
    await openFor(notificationIdFor(HASH), h.runtime.deps.store);
    expect(create).toHaveBeenLastCalledWith({ url: 'chrome-extension://test-extension-id/popup.html#activity' });

    await storeSends({ ...record, receiving: { txLink: 'http://127.0.0.1:5100/tx/1' } });
    await openFor(notificationIdFor(HASH), h.runtime.deps.store);
    expect(create).toHaveBeenLastCalledWith({ url: 'http://127.0.0.1:5100/tx/1' });
  });
});
