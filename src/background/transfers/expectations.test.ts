import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { expectedTransfer, statusBody, txHash } from '../../../testing/background/fixtures';
import { alarmFired, CONTENT, type Harness, PAGE, send, startHarness } from '../../../testing/background/harness';
import { storedSends } from '../../../testing/background/storedRecords';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import type { Sender } from '../../messaging/sender';
import type { Execution, ExpectedTransfer, SentTransfer } from '../../model/transfer';
import { expectedTransfersItem } from '../../storage/expectedTransfers';
import { transfersItem } from '../../storage/transfers';
import { EXPECTATION_TTL_MS, MAX_EXPECTATIONS } from './expectations';
import { POLL_ALARM } from './transferScheduler';

/**
 * The signing flow registers the transfer before the wallet is asked to send it (startBackground's steps); the relay
 * content script in that tab reports the hash. Together with the flow's own record, exactly one record and one
 * notification.
 */

let server: ScriptedServer;
let h: Harness;
const HASH = txHash(0xabc);
const WATCH = '0123456789abcdef0123456789abcdef';
const TAB = CONTENT.tab!.id!;
const OTHER_TAB: Sender = { ...CONTENT, tab: { ...CONTENT.tab!, id: TAB + 1 } };
const SUB_FRAME: Sender = { ...CONTENT, frameId: 4 };

const expected: ExpectedTransfer = expectedTransfer();

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  server.script('GET /v1/status', { body: statusBody('PENDING') });
  h = await startHarness(server);
});
afterEach(() => h.runtime.stop());

const records = (): Promise<SentTransfer[]> => storedSends();
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

const expectTransfer = (watchId = WATCH, tabId = TAB, transfer: ExpectedTransfer = expected) =>
  h.runtime.steps.expectTransfer({ watchId, tabId, transfer });

const report = (data: unknown = { watchId: WATCH, txHash: HASH }, sender: Sender = CONTENT) =>
  send('reportSentTransaction', data, sender);

describe('expected transfers', () => {
  it('stores the expectation in session storage for the tab, with an expiry', async () => {
    await expectTransfer();
    expect(await expectedTransfersItem.getValue()).toEqual({
      [WATCH]: { tabId: TAB, transfer: expected, expiresAt: h.clock.now() + EXPECTATION_TTL_MS },
    });
    // Kept where content scripts cannot read it.
    expect(Object.keys(await fakeBrowser.storage.session.get())).toContain('expectedTransfers');
    expect(await fakeBrowser.storage.local.get('expectedTransfers')).toEqual({});
  });

  it('records the reported transfer once, arms the alarm and forgets the expectation', async () => {
    await expectTransfer();
    expect(await report()).toEqual({ ok: true, value: undefined });
    expect(await records()).toEqual([
      expect.objectContaining({ ...expected, txHash: HASH, status: 'SUBMITTED', final: false }),
    ]);
    expect((await fakeBrowser.alarms.get(POLL_ALARM))?.scheduledTime).toBeDefined();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await expectedTransfersItem.getValue()).toEqual({});
    // A repeated report finds nothing to claim and changes nothing.
    expect(await report()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_WATCH' } });
    expect(await records()).toHaveLength(1);
  });

  it('adds the reported transaction to the record of the execution that sent it, the hash written once', async () => {
    const id = 'e'.repeat(32);
    await h.runtime.deps.store.update(id, () => ({
      id,
      createdAt: h.clock.now(),
      updatedAt: h.clock.now(),
      execution: { phase: 'running', stage: 'signing' } as Execution,
      sends: [],
    }));
    const owner = { executionId: id, step: 0 };
    await h.runtime.steps.expectTransfer({ watchId: WATCH, tabId: TAB, transfer: expected, owner });
    expect((await expectedTransfersItem.getValue())[WATCH]?.owner).toEqual(owner);
    expect((await report()).ok).toBe(true);
    // The worker's own answer comes after: nothing is added.
    expect((await toReply(() => h.runtime.steps.trackTransfer({ ...expected, txHash: HASH }, owner))).ok).toBe(true);
    const stored = await transfersItem.getValue();
    expect(Object.keys(stored)).toEqual([id]);
    expect(stored[id]?.sends).toEqual([expect.objectContaining({ txHash: HASH, step: 0 })]);
  });

  it.each([
    ['report first', ['report', 'track']],
    ['popup first', ['track', 'report']],
    ['at the same time', ['both']],
  ] as const)('makes one record and one notification with the flow’s own record (%s)', async (_name, order) => {
    await expectTransfer();
    const track = () => toReply(() => h.runtime.steps.trackTransfer({ ...expected, txHash: HASH }));
    for (const step of order) {
      if (step === 'report') expect((await report()).ok).toBe(true);
      else if (step === 'track') expect((await track()).ok).toBe(true);
      else {
        const [a, b] = await Promise.all([report(), track()]);
        expect(a.ok && b.ok).toBe(true);
      }
    }
    expect(await records()).toHaveLength(1);

    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED', { sending: { txHash: HASH } }) });
    const next = (await records())[0]!.nextCheckAt!;
    h.clock.set(next);
    await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, next));
    await h.runtime.deps.scheduler.runDue();
    expect(await records()).toEqual([expect.objectContaining({ status: 'DONE', final: true })]);
    expect(notifications()).toHaveLength(1);
  });

  it('refuses a report from another tab or a sub-frame and keeps the expectation for the right tab', async () => {
    await expectTransfer();
    for (const sender of [OTHER_TAB, SUB_FRAME]) {
      expect(await report(undefined, sender)).toMatchObject({
        ok: false,
        error: { name: 'UnknownWatchError', code: 'UNKNOWN_WATCH' },
      });
    }
    expect(await records()).toEqual([]);
    expect(Object.keys(await expectedTransfersItem.getValue())).toEqual([WATCH]);
    expect((await report()).ok).toBe(true);
    expect(await records()).toHaveLength(1);
  });

  it('refuses an unknown watch ID and changes nothing', async () => {
    await expectTransfer();
    const before = await expectedTransfersItem.getValue();
    expect(await report({ watchId: 'f'.repeat(32), txHash: HASH })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_WATCH' },
    });
    expect(await records()).toEqual([]);
    expect(await expectedTransfersItem.getValue()).toEqual(before);
  });

  it('refuses a report after the expectation expired', async () => {
    await expectTransfer();
    h.clock.advance(EXPECTATION_TTL_MS);
    expect(await report()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_WATCH' } });
    expect(await records()).toEqual([]);
  });

  it('refuses reports from extension pages', async () => {
    await expectTransfer();
    expect(await report(undefined, PAGE)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(Object.keys(await expectedTransfersItem.getValue())).toEqual([WATCH]);
    expect(await records()).toEqual([]);
  });

  it.each([
    ['a short hash', { watchId: WATCH, txHash: '0x1234' }],
    ['a hash that is not hex', { watchId: WATCH, txHash: `0x${'g'.repeat(64)}` }],
    ['an upper-case watch ID', { watchId: WATCH.toUpperCase(), txHash: HASH }],
    ['a short watch ID', { watchId: 'abc', txHash: HASH }],
    ['a number for the watch ID', { watchId: 42, txHash: HASH }],
    ['no hash', { watchId: WATCH }],
    ['an extra field', { watchId: WATCH, txHash: HASH, transfer: { toAddress: `0x${'9'.repeat(40)}` } }],
    ['a string', 'report'],
    ['nothing', null],
  ])('refuses a report with %s', async (_name, data) => {
    await expectTransfer();
    expect(await report(data)).toMatchObject({ ok: false, error: { code: 'INVALID_MESSAGE' } });
    expect(await records()).toEqual([]);
    expect(Object.keys(await expectedTransfersItem.getValue())).toEqual([WATCH]);
  });

  it('survives a service-worker restart while the wallet decides', async () => {
    await expectTransfer();
    await h.restart();
    expect((await report()).ok).toBe(true);
    expect(await records()).toHaveLength(1);
  });

  it('expires: a start purges old expectations, and only the newest are kept', async () => {
    await expectTransfer('1'.repeat(32));
    h.clock.advance(EXPECTATION_TTL_MS + 1);
    await h.restart();
    expect(await expectedTransfersItem.getValue()).toEqual({});

    const ids = Array.from({ length: MAX_EXPECTATIONS + 3 }, (_, i) => i.toString(16).padStart(32, '0'));
    for (const id of ids) {
      await expectTransfer(id);
      h.clock.advance(1_000);
    }
    expect(Object.keys(await expectedTransfersItem.getValue()).sort()).toEqual(ids.slice(3).sort());
    expect(await report({ watchId: ids[0], txHash: HASH })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_WATCH' },
    });
    expect((await report({ watchId: ids.at(-1), txHash: HASH })).ok).toBe(true);
  });
});
