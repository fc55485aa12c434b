import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { lifiStatusDoneBody, lifiStatusFailedBody, lifiStatusPendingBody } from '../../api/lifi/recorded/status';
import { removeAllListeners } from '../../messaging/protocol';
import type { TransferRecord } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { type ScriptedServer, startScriptedServer } from '../../testing/scriptedServer';
import { transferInput, txHash } from '../testing/fixtures';
import { alarmFired, type Harness, send, startHarness } from '../testing/harness';
import { NOT_FOUND_GRACE_MS } from '../transfers/schedule';
import { POLL_ALARM } from '../transfers/transferScheduler';

/** LI.FI-shaped status answers (recorded, ./api/lifi/recorded) drive the background's tracking to the end. */
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
  const reply = await send('updateSettings', { apiDialect: 'lifi' });
  if (!reply.ok) throw new Error(reply.error.shortMessage);
});
afterEach(() => h.runtime.stop());

const stored = async (): Promise<TransferRecord | undefined> => (await transfersItem.getValue())[HASH];
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
async function fireAtNextCheck() {
  const next = (await stored())?.nextCheckAt;
  if (next !== undefined) h.clock.set(Math.max(h.clock.now(), next));
  await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
  await h.runtime.deps.scheduler.runDue();
}
async function track() {
  const reply = await send('trackTransfer', transferInput());
  if (!reply.ok) throw new Error(reply.error.shortMessage);
}

describe('tracking against LI.FI', () => {
  it('PENDING then DONE: asks with the record’s chains, ends, notifies once', async () => {
    server.script('GET /v1/status', { body: lifiStatusPendingBody() }, { body: lifiStatusDoneBody() });
    await track();
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION' });
    const [first] = server.requests.filter((r) => r.path === '/v1/status');
    expect(first?.query.get('fromChain')).toBe('1');
    expect(first?.query.get('toChain')).toBe('42161');
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', final: true });
    expect(notifications()).toHaveLength(1);
  });

  for (const substatus of ['PARTIAL', 'REFUNDED']) {
    it(`DONE / ${substatus} ends and notifies once`, async () => {
      server.script('GET /v1/status', { body: { ...lifiStatusDoneBody(), substatus } });
      await track();
      await fireAtNextCheck();
      await fireAtNextCheck();
      expect(await stored()).toMatchObject({ status: 'DONE', substatus, final: true });
      expect(notifications()).toHaveLength(1);
    });
  }

  it('FAILED without a receiving leg ends and notifies once', async () => {
    server.script('GET /v1/status', { body: lifiStatusFailedBody() });
    await track();
    await fireAtNextCheck();
    expect(await stored()).toMatchObject({ status: 'FAILED', final: true });
    expect(notifications()).toHaveLength(1);
  });

  it('NOT_FOUND (200) is tolerated for the grace period, then LOST', async () => {
    server.script('GET /v1/status', { body: { status: 'NOT_FOUND' } });
    await track();
    const started = h.clock.now();
    for (let i = 0; i < 60 && !(await stored())?.final; i++) await fireAtNextCheck();
    const lost = await stored();
    expect(lost).toMatchObject({ status: 'LOST', final: true });
    expect((lost?.updatedAt ?? 0) - started).toBeGreaterThanOrEqual(NOT_FOUND_GRACE_MS);
  });
});
