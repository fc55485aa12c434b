import 'fake-indexeddb/auto';
import { createPublicClient, createWalletClient, type Hex, http, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ANVIL_TEST_KEYS } from '../../../devtools/devwallet/keys';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { rpc } from '../../../server/devnet/rpc';
import { CHAINS, transferInput } from '../../../testing/background/fixtures';
import { alarmFired, CONTENT, type Harness, send, startHarness } from '../../../testing/background/harness';
import { storedSend } from '../../../testing/background/storedRecords';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';
import { toReply } from '../../messaging/reply';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import { NOT_FOUND_GRACE_MS } from './schedule';
import { SENT_CHECK_BOUND_MS } from './sentCheck';
import { POLL_ALARM } from './transferScheduler';

/**
 * Issue #42's remaining replacements, against a real chain (anvil, mining held as a busy chain leaves a low fee
 * waiting): a speed-up or cancel made after the sent check's 10 minutes, and a transaction the trusted RPC never saw,
 * whose nonce was read from the account right before the wallet was asked.
 */

const person = privateKeyToAccount(ANVIL_TEST_KEYS[2]!);
const ROUTER = '0xB71D6e00000000000000000000000000000c0de1' as const;
const DATA = `0x12345678${'0'.repeat(24)}${person.address.slice(2).toLowerCase()}` as Hex;
const GWEI = 1_000_000_000n;

let node: AnvilNode;
let server: ScriptedServer;
let h: Harness;

const wallet = () => createWalletClient({ account: person, transport: http(node.rpcUrl) });
const chain = () => createPublicClient({ transport: http(node.rpcUrl) });

/** The person's wallet sends `data` to `to` at `nonce` (the next one by default) with this fee; not waited for. */
const sendRaw = (over: { to?: Hex; data?: Hex; nonce?: number; fee: bigint }) =>
  wallet().sendTransaction({
    chain: null,
    to: over.to ?? ROUTER,
    data: over.data ?? DATA,
    value: 0n,
    gas: 100_000n,
    nonce: over.nonce,
    maxFeePerGas: over.fee,
    maxPriorityFeePerGas: over.fee,
  });

const input = (txHash: Hex): TransferInput =>
  transferInput({
    txHash,
    fromAddress: person.address,
    toAddress: person.address,
    approvedTx: { chainId: 1, from: person.address, to: ROUTER, data: DATA, value: '0' },
  });

const track = async (data: TransferInput): Promise<SentTransfer> => {
  const reply = await toReply(() => h.runtime.steps.trackTransfer(data));
  if (!reply.ok) throw new Error(reply.error.shortMessage);
  return reply.value;
};

/** Moves the clock to the earliest thing due (a status check or a late nonce read) and lets the alarm run it. */
async function fireNext() {
  const next = await h.runtime.deps.scheduler.nextWakeAt();
  if (next !== undefined) h.clock.set(Math.max(h.clock.now(), next));
  await fakeBrowser.alarms.onAlarm.trigger(alarmFired(POLL_ALARM, h.clock.now()));
  await h.runtime.deps.scheduler.runDue();
}

/** Fires wake-ups until `done` holds of the stored transaction (at most `max` of them). */
async function fireUntil(hash: string, done: (s: SentTransfer | undefined) => boolean, max = 40) {
  for (let i = 0; i < max && !done(await storedSend(hash)); i++) await fireNext();
  return storedSend(hash);
}

const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const statusRequests = () => server.requests.filter((r) => r.path === '/v1/status').length;

/** Sends the approved call while mining is held, tracks it, and lets the sent check settle on it still pending. */
async function pendingPastTheBound(): Promise<{ hash: Hex; nonce: number }> {
  await rpc(node.rpcUrl, 'evm_setAutomine', [false]);
  const hash = await sendRaw({ fee: 2n * GWEI });
  const nonce = (await chain().getTransaction({ hash })).nonce;
  await track(input(hash));
  h.clock.advance(SENT_CHECK_BOUND_MS);
  const settled = await fireUntil(hash, (s) => s?.sentCheck.state === 'verified');
  expect(settled).toMatchObject({ final: false, sentCheck: { state: 'verified' }, nonceWatch: { nonce } });
  // Its nonce stays watched, the first read of it half a minute after the check settled.
  expect(settled!.nonceWatch!.nextReadAt).toBe(settled!.updatedAt + 30_000);
  return { hash, nonce };
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
  server.script('GET /v1/status', { status: 404, body: { status: 'NOT_FOUND' } });
  h = await startHarness(server);
  expect((await send('updateSettings', { notifications: true, rpcUrls: { '1': node.rpcUrl } })).ok).toBe(true);
});
afterEach(async () => {
  h.runtime.stop();
  await rpc(node.rpcUrl, 'evm_mine');
  await rpc(node.rpcUrl, 'evm_setAutomine', [true]);
});

describe('a replacement made after the sent check settled', () => {
  it('follows a speed-up made an hour later under its new hash, never LOST while the first is still pending', async () => {
    const { hash, nonce } = await pendingPastTheBound();
    // An hour of waiting: the service never saw the unmined transaction, yet it is not given up as LOST.
    const hourLater = h.clock.now() + 60 * 60_000;
    while (h.clock.now() < hourLater && !(await storedSend(hash))?.final) await fireNext();
    const waiting = await storedSend(hash);
    expect(waiting).toMatchObject({ txHash: hash, final: false, status: 'NOT_FOUND' });
    expect(h.clock.now() - waiting!.createdAt).toBeGreaterThan(NOT_FOUND_GRACE_MS);
    // Calm: one read of the chain every 30 s in the first hour, every 2 min after, no faster.
    expect(waiting!.nonceWatch!.nextReadAt! - h.clock.now()).toBeLessThanOrEqual(2 * 60_000);

    const faster = await sendRaw({ nonce, fee: 5n * GWEI });
    await rpc(node.rpcUrl, 'evm_mine');
    const followed = await fireUntil(hash, (s) => s?.txHash === faster && s.sentCheck.state === 'verified');
    expect(followed).toMatchObject({
      txHash: faster,
      spedUpFrom: hash,
      final: false,
      sentCheck: { state: 'verified' },
    });
    // Mined: nothing can take its place any more, the watch ends; the service is asked about the new hash.
    expect(followed!.nonceWatch).toBeUndefined();
    const asked = statusRequests();
    await fireNext();
    expect(statusRequests()).toBe(asked + 1);
    const last = server.requests.filter((r) => r.path === '/v1/status').at(-1);
    expect(last?.query.get('txHash')).toBe(faster);
  });

  it('says a cancel made after the bound cancelled, final, with one notification and its explorer page', async () => {
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    await send('getChains', undefined);
    const { hash, nonce } = await pendingPastTheBound();
    const cancel = await sendRaw({ nonce, to: person.address, data: '0x', fee: 5n * GWEI });
    await rpc(node.rpcUrl, 'evm_mine');
    const cancelled = await fireUntil(hash, (s) => s?.final === true);
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      final: true,
      sentCheck: { state: 'cancelled', by: cancel },
    });
    expect(notifications()).toHaveLength(1);
    // Activity links the transaction mined in its place: the first hash's page shows nothing.
    expect((await storedSend(hash))?.sentCheck).toMatchObject({ byLink: `https://etherscan.io/tx/${cancel}` });
  });

  it('ends the watch when the transaction itself is mined late, keeping what it cost', async () => {
    const { hash } = await pendingPastTheBound();
    await rpc(node.rpcUrl, 'evm_mine');
    const mined = await fireUntil(hash, (s) => s?.nonceWatch === undefined);
    expect(mined).toMatchObject({ txHash: hash, final: false, sentCheck: { state: 'verified' } });
    expect(mined!.sentCheck).toHaveProperty('gasPaid');
    expect(await h.runtime.deps.scheduler.nextWakeAt()).toBe(mined!.nextCheckAt);
  });
});

describe('a transaction the trusted RPC never saw', () => {
  /** What the signing flow does: registers the send (the nonce is read then), the wallet answers with `hash`. */
  async function sentUnseen(hash: Hex): Promise<SentTransfer> {
    const { txHash: _none, ...expected } = input(hash);
    await h.runtime.steps.expectTransfer({
      watchId: keccak256(hash).slice(2, 34),
      tabId: CONTENT.tab!.id!,
      transfer: expected,
    });
    return track(input(hash));
  }

  it('keeps the account’s nonce read before the wallet was asked, and follows the approved call mined there', async () => {
    const nonce = await chain().getTransactionCount({ address: person.address, blockTag: 'pending' });
    const unseen = keccak256(toHex('sent through a private pool'));
    const record = await sentUnseen(unseen);
    expect(record.nonceAtSend).toBe(nonce);
    expect(record.sentCheck.state).toBe('pending');

    // The wallet's speed-up reaches the chain; the first transaction never did.
    const mined = await sendRaw({ nonce, fee: 3n * GWEI });
    await chain().waitForTransactionReceipt({ hash: mined });
    const followed = await fireUntil(unseen, (s) => s?.sentCheck.state === 'verified');
    expect(followed).toMatchObject({ txHash: mined, spedUpFrom: unseen, final: false });
  });

  it('never calls another transaction at that nonce this one’s cancel: the guess is dropped, not found in the end', async () => {
    const nonce = await chain().getTransactionCount({ address: person.address, blockTag: 'pending' });
    const unseen = keccak256(toHex('never reached the chain'));
    await sentUnseen(unseen);
    // Something else the wallet had waiting takes the nonce.
    const other = await sendRaw({ nonce, to: person.address, data: '0x', fee: 3n * GWEI });
    await chain().waitForTransactionReceipt({ hash: other });
    const looked = await fireUntil(unseen, (s) => s?.nonceWatch?.otherThere !== undefined, 5);
    expect(looked).toMatchObject({ final: false, nonceWatch: { nonce, beforeSend: true, otherThere: other } });
    h.clock.advance(SENT_CHECK_BOUND_MS);
    const ended = await fireUntil(unseen, (s) => s?.final === true);
    expect(ended).toMatchObject({ status: 'UNVERIFIED', sentCheck: { state: 'notFound' } });
  });
});
