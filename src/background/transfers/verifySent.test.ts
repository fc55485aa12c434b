import 'fake-indexeddb/auto';
import { createPublicClient, createWalletClient, type Hex, http, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ANVIL_TEST_KEYS } from '../../../devtools/devwallet/keys';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { statusBody, transferInput } from '../../../testing/background/fixtures';
import { alarmFired, CONTENT, type Harness, send, startHarness } from '../../../testing/background/harness';
import { storedSend } from '../../../testing/background/storedRecords';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { SENT_CHECK_BOUND_MS } from './sentCheck';
import { POLL_ALARM } from './transferScheduler';

/**
 * The background's on-chain check of what was sent, against a real chain: the wallet's hash is read through the
 * trusted RPC (settings.rpcUrls → anvil) and compared with the transaction the popup approved.
 */

const person = privateKeyToAccount(ANVIL_TEST_KEYS[0]!);
const other = privateKeyToAccount(ANVIL_TEST_KEYS[1]!);
const ROUTER = '0xB71D6e00000000000000000000000000000c0de1' as const;
const ATTACKER = '000000000000000000000000000000000000dead';
/** Call data with the person as recipient in its last word, as a router call would carry it. */
const DATA = `0x12345678${'0'.repeat(24)}${person.address.slice(2).toLowerCase()}` as Hex;
const REWRITTEN = `0x12345678${'0'.repeat(24)}${ATTACKER}` as Hex;

let node: AnvilNode;
let server: ScriptedServer;
let h: Harness;

/** Sent and mined: an unmined transaction is read again until its receipt shows whether it reverted. */
async function sendOnChain(from: typeof person, data: Hex, value = 0n): Promise<Hex> {
  const hash = await createWalletClient({ account: from, transport: http(node.rpcUrl) }).sendTransaction({
    chain: null,
    to: ROUTER,
    data,
    value,
  });
  await createPublicClient({ transport: http(node.rpcUrl) }).waitForTransactionReceipt({ hash });
  return hash;
}

/** What the popup hands over: the fixture transfer from the person, with the transaction it approved. */
const input = (txHash: Hex, approved: Partial<TransferInput['approvedTx']> = {}): TransferInput =>
  transferInput({
    txHash,
    fromAddress: person.address,
    toAddress: person.address,
    approvedTx: { chainId: 1, from: person.address, to: ROUTER, data: DATA, value: '0', ...approved },
  });

const track = async (data: TransferInput): Promise<SentTransfer> => {
  // What the signing flow does once the wallet answered with the hash.
  const reply = await toReply(() => h.runtime.steps.trackTransfer(data));
  if (!reply.ok) throw new Error(reply.error.shortMessage);
  return reply.value;
};
const stored = (hash: string) => storedSend(hash);
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const statusRequests = () => server.requests.filter((r) => r.path === '/v1/status');

async function fireAtNextCheck(hash: string) {
  const next = (await stored(hash))?.nextCheckAt;
  if (next !== undefined) h.clock.set(Math.max(h.clock.now(), next));
  await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
  await h.runtime.deps.scheduler.runDue();
}

beforeAll(async () => {
  [node, server] = await Promise.all([startAnvil({ chainId: 1 }), startScriptedServer()]);
});
afterAll(async () => {
  await node?.stop();
  await server?.close();
});
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  h = await startHarness(server);
  const reply = await send('updateSettings', { notifications: true, rpcUrls: { '1': node.rpcUrl } });
  expect(reply.ok).toBe(true);
});
afterEach(() => h.runtime.stop());

describe('the sent transaction, checked on chain through the trusted RPC', () => {
  it('verifies the transaction the person approved, then tracks it to DONE', async () => {
    const hash = await sendOnChain(person, DATA);
    const record = await track(input(hash));
    expect(record).toMatchObject({ status: 'SUBMITTED', final: false, sentCheck: { state: 'verified' } });
    expect(statusRequests()).toHaveLength(0);
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED', { sending: { txHash: hash } }) });
    await fireAtNextCheck(hash);
    expect(await stored(hash)).toMatchObject({ status: 'DONE', final: true });
    // No RPC for the destination chain is set here: the arrival is the service's word, said so in the title.
    expect(notifications()).toEqual([expect.objectContaining({ title: 'Transfer reported complete' })]);
  });

  it('flags a transaction whose recipient was rewritten in the call data before the wallet saw it', async () => {
    const hash = await sendOnChain(person, REWRITTEN);
    const record = await track(input(hash));
    expect(record).toMatchObject({
      status: 'MISMATCH',
      final: true,
      sentCheck: { state: 'mismatch', differences: [{ field: 'data', expected: DATA, actual: REWRITTEN }] },
    });
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'This transaction is not the one you approved',
        message: expect.stringMatching(/call data differs/),
        priority: 2,
        requireInteraction: true,
      }),
    ]);
    // Never tracked as the person's: no status request, no alarm for it.
    await fireAtNextCheck(hash);
    expect(statusRequests()).toHaveLength(0);
  });

  it('flags the hash of another account’s real transfer (answered by the page instead of sending)', async () => {
    const hash = await sendOnChain(other, DATA, 5n);
    const record = await track(input(hash));
    expect(record.status).toBe('MISMATCH');
    expect(record.sentCheck).toMatchObject({
      state: 'mismatch',
      differences: [{ field: 'from' }, { field: 'value' }],
    });
    expect(statusRequests()).toHaveLength(0);
  });

  it('flags a hash the relay reported for a popup that closed, the same way', async () => {
    const hash = await sendOnChain(other, DATA);
    const { txHash: _none, ...expected } = input(hash);
    const watchId = '0123456789abcdef0123456789abcdef';
    await h.runtime.steps.expectTransfer({ watchId, tabId: CONTENT.tab!.id!, transfer: expected });
    expect((await send('reportSentTransaction', { watchId, txHash: hash }, CONTENT)).ok).toBe(true);
    expect(await stored(hash)).toMatchObject({ status: 'MISMATCH', final: true });
  });

  it('keeps reading a hash the chain does not know, then flags it UNVERIFIED after the bound', async () => {
    const hash = keccak256(toHex('never sent'));
    expect(await track(input(hash))).toMatchObject({ final: false, sentCheck: { state: 'pending', attempts: 1 } });
    await fireAtNextCheck(hash);
    expect((await stored(hash))?.sentCheck).toMatchObject({ state: 'pending', attempts: 2 });
    h.clock.advance(SENT_CHECK_BOUND_MS);
    await fireAtNextCheck(hash);
    expect(await stored(hash)).toMatchObject({ status: 'UNVERIFIED', final: true, sentCheck: { state: 'notFound' } });
    expect(notifications()).toEqual([
      expect.objectContaining({ title: 'This transaction is not the one you approved' }),
    ]);
    expect(statusRequests()).toHaveLength(0);
  });

  it('says plainly that a chain without a trusted RPC was not checked, and never says a plain "complete"', async () => {
    const hash = keccak256(toHex('unknown chain'));
    const record = await track(input(hash, { chainId: 999_999 }));
    expect(record.sentCheck).toEqual({ state: 'noTrustedRpc' });
    server.script('GET /v1/status', { body: statusBody('DONE', 'COMPLETED', { sending: { txHash: hash } }) });
    await fireAtNextCheck(hash);
    expect(await stored(hash)).toMatchObject({ status: 'DONE', final: true });
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'Transfer reported complete',
        message: expect.stringMatching(/Not checked on chain: the extension trusts no RPC for chain 999999/),
      }),
    ]);
  });

  it('refuses an earlier transfer’s hash answered for a new, different transaction', async () => {
    const hash = await sendOnChain(person, DATA);
    await track(input(hash));
    const reply = await toReply(() => h.runtime.steps.trackTransfer(input(hash, { data: REWRITTEN })));
    expect(reply).toMatchObject({ ok: false, error: { code: 'REUSED_HASH' } });
    expect(Object.keys(await transfersItem.getValue())).toHaveLength(1);
  });

  it('flags a DONE whose legs do not match the record instead of celebrating it', async () => {
    const hash = await sendOnChain(person, DATA);
    await track(input(hash));
    server.script('GET /v1/status', {
      body: { ...statusBody('DONE', 'COMPLETED', { sending: { txHash: hash } }), toAddress: `0x${ATTACKER}` },
    });
    await fireAtNextCheck(hash);
    expect(await stored(hash)).toMatchObject({
      status: 'MISMATCH',
      final: true,
      statusDifferences: [{ field: 'receiving address' }],
    });
    expect(notifications()).toEqual([
      expect.objectContaining({ title: 'The bridge reported a transfer that is not yours' }),
    ]);
    expect(JSON.stringify(notifications())).not.toMatch(/Transfer complete|Received/);
  });
});
