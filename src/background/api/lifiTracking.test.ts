import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash, USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import { alarmFired, type Harness, send, startHarness } from '../../../testing/background/harness';
import { storedSend } from '../../../testing/background/storedRecords';
import { lifiStatusDoneBody, lifiStatusFailedBody, lifiStatusPendingBody } from '../../../testing/lifi/recorded/status';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import type { SentTransfer } from '../../model/transfer';
import { NOT_FOUND_GRACE_MS } from '../transfers/schedule';
import { POLL_ALARM } from '../transfers/transferScheduler';

/** LI.FI-shaped status answers (recorded, testing/lifi/recorded) drive the background's tracking to the end. */
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

const stored = (): Promise<SentTransfer | undefined> => storedSend(HASH);
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
async function fireAtNextCheck() {
  const next = (await stored())?.nextCheckAt;
  if (next !== undefined) h.clock.set(Math.max(h.clock.now(), next));
  await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
  await h.runtime.deps.scheduler.runDue();
}
/**
 * The recorded DONE answer is of somebody else's transfer (other chains, hash, addresses): the background rightly
 * flags such an answer (transfers/statusCheck.ts). Keep LI.FI's shape, with this transfer's legs.
 */
function doneForThisTransfer(substatus = 'COMPLETED') {
  const body = lifiStatusDoneBody() as Record<string, unknown> & {
    sending: Record<string, unknown> & { token?: object };
    receiving: Record<string, unknown> & { token?: object };
  };
  const input = transferInput();
  return {
    ...body,
    substatus,
    fromAddress: input.fromAddress,
    toAddress: input.toAddress,
    sending: { ...body.sending, txHash: HASH, chainId: 1, token: { ...body.sending.token, ...USDC_ETH } },
    receiving: {
      ...body.receiving,
      chainId: 42161,
      amount: input.toAmount,
      token: { ...body.receiving.token, ...USDC_ARB },
    },
  };
}

async function track() {
  const reply = await toReply(() => h.runtime.steps.trackTransfer(transferInput()));
  if (!reply.ok) throw new Error(reply.error.shortMessage);
}

describe('tracking against LI.FI', () => {
  it('PENDING then DONE: asks with the record’s chains, ends, notifies once', async () => {
    server.script('GET /v1/status', { body: lifiStatusPendingBody() }, { body: doneForThisTransfer() });
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

  // A refund is read on the source chain, whose scripted node here answers any hash as the approved transaction:
  // src/background/transfers/arrivalConfirm.test.ts covers what a refund's read settles.
  for (const substatus of ['PARTIAL']) {
    it(`DONE / ${substatus} ends and notifies once`, async () => {
      server.script('GET /v1/status', { body: doneForThisTransfer(substatus) });
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
