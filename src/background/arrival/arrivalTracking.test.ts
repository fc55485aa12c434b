import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { statusBody, transferInput, txHash, USDC_ARB } from '../../../testing/background/fixtures';
import { type Harness, startHarness } from '../../../testing/background/harness';
import { storedSend } from '../../../testing/background/storedRecords';
import { startTestChain, type TestChain } from '../../../testing/background/testChain';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import { POLL_ALARM } from '../transfers/transferScheduler';

/**
 * The whole background with the chain watch on: a real anvil destination chain, a scripted service, simulated time.
 * The funds arriving on the chain bring the confirming status request at once; the service decides the outcome.
 */
const HASH = txHash(0x77);
const TOKEN = USDC_ARB.address as `0x${string}`;
/** The token a route's bridge delivers before a destination swap into USDC (what a PARTIAL leaves with the person). */
const BRIDGED = {
  ...USDC_ARB,
  address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8',
  symbol: 'USDC.e',
  name: 'Bridged USDC',
};
let chain: TestChain;
let server: ScriptedServer;
let h: Harness;
let recipients = 0;
let recipient: `0x${string}`;

beforeAll(async () => {
  [chain, server] = await Promise.all([
    startTestChain(42161, [TOKEN, BRIDGED.address as `0x${string}`]),
    startScriptedServer(),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([chain?.stop(), server?.close()]);
});
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  h = await startHarness(server, { chainRpc: { 42161: chain.rpcUrl } });
  recipient = `0x${(0xcafe00 + ++recipients).toString(16).padStart(40, '0')}`;
});
afterEach(() => h.runtime.stop());

const statusRequests = () => server.requests.filter((r) => r.path === '/v1/status');
const stored = () => storedSend(HASH);
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

/** Steps the simulated clock to each wake-up until `until` (epoch ms), running what is due. */
async function runUntil(until: number) {
  for (;;) {
    const wake = await h.runtime.deps.scheduler.nextWakeAt();
    if (wake === undefined || wake > until) break;
    h.clock.set(Math.max(h.clock.now(), wake));
    await h.runtime.deps.scheduler.runDue();
  }
  h.clock.set(Math.max(h.clock.now(), until));
}

async function track() {
  const reply = await toReply(() =>
    h.runtime.steps.trackTransfer(transferInput({ txHash: HASH, toAddress: recipient })),
  );
  if (!reply.ok) throw new Error(reply.error.shortMessage);
  return reply.value;
}

describe('tracking with the chain watch (anvil)', () => {
  it('confirms funds seen on the chain with one status request at once, notifies, then leaves nothing running', async () => {
    let arrived: string | undefined;
    server.script('GET /v1/status', () => ({
      body: arrived
        ? statusBody('DONE', 'COMPLETED', { sending: { txHash: HASH }, receiving: { txHash: arrived } })
        : statusBody('PENDING'),
    }));
    const record = await track();
    // Late: five minutes for a two-minute route.
    await runUntil(record.createdAt + 300_000);
    const before = statusRequests().length;
    arrived = await chain.send(TOKEN, recipient, 99_800_000n);
    const at = h.clock.now();
    await runUntil(at + 10_000);
    expect(statusRequests().length - before).toBe(1);
    const done = (await stored())!;
    // Read back on the destination chain before it counts: the amount is the chain's.
    expect(done).toMatchObject({ status: 'DONE', final: true, arrival: { state: 'confirmed', amount: '99800000' } });
    expect(done.notifiedAt! - at).toBeLessThanOrEqual(3_000);
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'Transfer complete',
        message: expect.stringMatching(/received 99\.8 USDC on Arbitrum$/),
      }),
    ]);
    // Nothing in flight: no alarm, nothing to wake for.
    expect(await fakeBrowser.alarms.get(POLL_ALARM)).toBeUndefined();
    expect(await h.runtime.deps.scheduler.nextWakeAt()).toBeUndefined();
  });

  it('does not notify on the chain alone: while the service still says PENDING it asks again soon, then notifies', async () => {
    let done = false;
    let received = '';
    server.script('GET /v1/status', () => ({
      body: done
        ? statusBody('DONE', 'COMPLETED', { sending: { txHash: HASH }, receiving: { txHash: received } })
        : statusBody('PENDING'),
    }));
    const record = await track();
    await runUntil(record.createdAt + 200_000);
    const beforeArrival = statusRequests().length;
    received = await chain.send(TOKEN, recipient, 99_800_000n);
    const seen = h.clock.now();
    await runUntil(seen + 4_000);
    expect((await stored())!).toMatchObject({ status: 'PENDING', final: false });
    expect(notifications()).toHaveLength(0);
    // The service catches up; the follow-ups come 5 s, 10 s … after the arrival, not minutes later.
    done = true;
    await runUntil(seen + 20_000);
    expect((await stored())!).toMatchObject({ status: 'DONE', final: true });
    // The confirmation, then 5 s and 10 s later: three requests, where the routine schedule would have waited 90 s.
    expect(statusRequests().length - beforeArrival).toBeLessThanOrEqual(3);
    expect((await stored())!.notifiedAt! - seen).toBeLessThanOrEqual(20_000);
  });

  it('sees a PARTIAL delivery of the bridge’s own token, known from the route, and confirms it with one request', async () => {
    let arrived: string | undefined;
    server.script('GET /v1/status', () => ({
      body: arrived
        ? statusBody('DONE', 'PARTIAL', {
            sending: { txHash: HASH },
            receiving: { token: BRIDGED, amount: '99900000', txHash: arrived },
          })
        : statusBody('PENDING'),
    }));
    const reply = await toReply(() =>
      h.runtime.steps.trackTransfer(transferInput({ txHash: HASH, toAddress: recipient, bridgeToken: BRIDGED })),
    );
    if (!reply.ok) throw new Error(reply.error.shortMessage);
    await runUntil(reply.value.createdAt + 300_000);
    const before = statusRequests().length;
    // The destination swap did not happen: the bridge's token, not USDC, reaches the recipient.
    arrived = await chain.send(BRIDGED.address as `0x${string}`, recipient, 99_900_000n);
    const at = h.clock.now();
    await runUntil(at + 10_000);
    expect(statusRequests().length - before).toBe(1);
    const done = (await stored())!;
    expect(done).toMatchObject({
      status: 'DONE',
      substatus: 'PARTIAL',
      final: true,
      arrival: { state: 'confirmed', amount: '99900000' },
    });
    expect(done.notifiedAt! - at).toBeLessThanOrEqual(3_000);
  });

  it('never says complete for a DONE whose receiving transaction paid someone else: a warning instead', async () => {
    // A real transaction on the destination chain, of the right token, to a stranger: the service passes it off.
    const stranger = await chain.send(TOKEN, '0x00000000000000000000000000000000000b0b01', 99_800_000n);
    server.script('GET /v1/status', {
      body: statusBody('DONE', 'COMPLETED', { sending: { txHash: HASH }, receiving: { txHash: stranger } }),
    });
    const record = await track();
    await runUntil(record.createdAt + 130_000);
    const flagged = (await stored())!;
    expect(flagged).toMatchObject({
      status: 'NOT_ARRIVED',
      final: true,
      arrival: { state: 'contradicted', reason: 'wrongRecipient' },
    });
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'The bridge reported an arrival the chain does not show',
        message: expect.stringMatching(
          /^Not counted as received: Arbitrum does not show it \(the tokens went to another address/,
        ),
        requireInteraction: true,
      }),
    ]);
  });

  it('reads a made-up receiving hash twice, seconds apart, before warning that nothing arrived', async () => {
    server.script('GET /v1/status', {
      body: statusBody('DONE', 'COMPLETED', { sending: { txHash: HASH }, receiving: { txHash: txHash(0xfa6e) } }),
    });
    const record = await track();
    await runUntil(record.createdAt + 130_000);
    const after = (await stored())!;
    expect(after).toMatchObject({ status: 'NOT_ARRIVED', arrival: { state: 'contradicted', reason: 'notFound' } });
    expect(statusRequests()).toHaveLength(1);
    expect(notifications().map((n) => n.title)).toEqual(['The bridge reported an arrival the chain does not show']);
  });

  it('says the amount read on chain, not an inflated one the service reports', async () => {
    const received = await chain.send(TOKEN, recipient, 99_800_000n);
    server.script('GET /v1/status', {
      body: statusBody('DONE', 'COMPLETED', {
        sending: { txHash: HASH },
        receiving: { txHash: received, amount: '998000000' },
      }),
    });
    const record = await track();
    await runUntil(record.createdAt + 130_000);
    expect((await stored())!).toMatchObject({ status: 'DONE', arrival: { state: 'confirmed', amount: '99800000' } });
    expect(notifications()).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/received 99\.8 USDC on Arbitrum$/) }),
    ]);
  });

  it('ignores another recipient’s funds and keeps backing off', async () => {
    server.script('GET /v1/status', { body: statusBody('PENDING') });
    const record = await track();
    await runUntil(record.createdAt + 150_000);
    const before = statusRequests().length;
    await chain.send(TOKEN, '0x00000000000000000000000000000000000b0b00', 99_800_000n);
    await runUntil(record.createdAt + 170_000);
    // 150 s → next routine check at 180 s: nothing was sent for the stranger's funds.
    expect(statusRequests().length).toBe(before);
  });

  it('defers a routine check the rate-limit budget cannot afford, instead of sending or holding it', async () => {
    const resetSec = 40;
    server.script('GET /v1/status', {
      body: statusBody('PENDING'),
      headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': String(resetSec) },
    });
    const record = await track();
    // The first check (48 s) says 12 left of 60, below the 24 kept from routine checks: the next one (78 s) waits.
    await runUntil(record.createdAt + 79_000);
    expect(statusRequests()).toHaveLength(1);
    const resetAt = record.createdAt + 48_000 + resetSec * 1000;
    expect((await stored())!.nextCheckAt).toBeGreaterThanOrEqual(resetAt);
    expect(h.runtime.deps.api.heldUntil()).toBe(0);
    await runUntil(resetAt + 1_000);
    expect(statusRequests()).toHaveLength(2);
  });
});
