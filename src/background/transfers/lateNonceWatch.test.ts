import { describe, expect, it } from 'vitest';
import { APPROVED_TX, transferInput, txHash } from '../../../testing/background/fixtures';
import type { ReadReplacementReturnType } from '../../chains/readReplacement';
import type { ChainTransaction } from '../../chains/rpcReader';
import type { SentTransfer } from '../../model/transfer';
import { applyLateRead, lateReadAt, watchingLate } from './lateNonceWatch';
import { NOT_FOUND_GRACE_MS } from './schedule';
import { applySentRead, lateReadDelay, SENT_CHECK_BOUND_MS, type SentReadOutcome } from './sentCheck';
import { applyStatus, newSentTransfer } from './transferStatus';

const SENT = txHash(1);
const OTHER = txHash(2);
const MINUTE = 60_000;

const tx = (over: Partial<ChainTransaction> = {}): ChainTransaction & { nonce: number } => ({
  hash: SENT,
  from: APPROVED_TX.from,
  to: APPROVED_TX.to,
  input: APPROVED_TX.data,
  value: BigInt(APPROVED_TX.value),
  chainId: 1,
  blockNumber: null,
  nonce: 7,
  ...over,
});

const read = (
  transaction: ChainTransaction | null,
  receipt: Extract<SentReadOutcome, { kind: 'read' }>['read']['receipt'],
  replacement?: ReadReplacementReturnType,
): SentReadOutcome => ({
  kind: 'read',
  rpcHost: 'rpc.example',
  read: { rpcChainId: 1, transaction, receipt },
  ...(replacement ? { replacement } : {}),
});

/** A transfer whose transaction was still pending when its sent check settled, ten minutes after it was sent. */
function settledPending(): SentTransfer {
  const sent = newSentTransfer(transferInput({ txHash: SENT }), 0);
  const seen = applySentRead(sent, read(tx(), null, { kind: 'unused', block: 40n }), 2_000);
  return applySentRead(seen, read(tx(), null, { kind: 'unused', block: 90n }), SENT_CHECK_BOUND_MS);
}

describe('the late nonce watch of a transaction pending past the sent check', () => {
  it('settles the check and keeps the nonce watched, first read half a minute later', () => {
    const record = settledPending();
    expect(record.sentCheck.state).toBe('verified');
    expect(record.nonceWatch).toEqual({ nonce: 7, checkedBlock: '90', nextReadAt: SENT_CHECK_BOUND_MS + 30_000 });
    expect(watchingLate(record)).toBe(true);
    expect(lateReadAt(record)).toBe(SENT_CHECK_BOUND_MS + 30_000);
  });

  it('reads at a calm pace: every 30 s in the first hour, every 2 minutes to six hours, then every 10 minutes', () => {
    expect(lateReadDelay(11 * MINUTE)).toBe(30_000);
    expect(lateReadDelay(61 * MINUTE)).toBe(2 * MINUTE);
    expect(lateReadDelay(7 * 60 * MINUTE)).toBe(10 * MINUTE);
  });

  it('plans the next read after nothing new, or a failed read, the search going on from the last block', () => {
    const record = settledPending();
    const at = 20 * MINUTE;
    const nothing = applyLateRead(record, read(tx(), null, { kind: 'unused', block: 130n }), at);
    expect(nothing).toMatchObject({ txHash: SENT, final: false, sentCheck: record.sentCheck });
    expect(nothing.nonceWatch).toEqual({ nonce: 7, checkedBlock: '130', nextReadAt: at + 30_000 });
    const failed = applyLateRead(record, { kind: 'error', rpcHost: 'rpc.example', message: 'down' }, at);
    expect(failed).toEqual({ ...record, nonceWatch: { ...record.nonceWatch, nextReadAt: at + 30_000 } });
  });

  it('follows a late speed-up under its new hash, back to the sent check, the service’s answers counted anew', () => {
    const waited = { ...settledPending(), status: 'NOT_FOUND', checks: 5 };
    const sped = applyLateRead(
      waited,
      read(null, undefined, { kind: 'mined', transaction: tx({ hash: OTHER, blockNumber: 120n }) }),
      3 * 60 * MINUTE,
    );
    expect(sped).toMatchObject({
      txHash: OTHER,
      spedUpFrom: SENT,
      final: false,
      status: 'SUBMITTED',
      checks: 0,
      sentCheck: { state: 'pending' },
    });
    expect(watchingLate(sped)).toBe(false);
  });

  it('says a late cancel cancelled, and warns of anything else, both final', () => {
    const record = settledPending();
    const cancel = tx({ hash: OTHER, to: APPROVED_TX.from, input: '0x', value: 0n, blockNumber: 120n });
    const cancelled = applyLateRead(record, read(null, undefined, { kind: 'mined', transaction: cancel }), 40 * MINUTE);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', final: true, sentCheck: { state: 'cancelled', by: OTHER } });
    const payment = tx({ hash: OTHER, to: '0x000000000000000000000000000000000000dEaD', input: '0x', value: 5n });
    const replaced = applyLateRead(record, read(null, undefined, { kind: 'mined', transaction: payment }), 40 * MINUTE);
    expect(replaced).toMatchObject({ status: 'REPLACED', final: true, sentCheck: { state: 'replaced', by: OTHER } });
  });

  it('ends the watch once the transaction is mined, with what it cost, or fails it at a revert', () => {
    const record = settledPending();
    const mined = applyLateRead(record, read(tx({ blockNumber: 99n }), { reverted: false, gasPaid: 21n }), 50 * MINUTE);
    expect(mined).toMatchObject({ final: false, sentCheck: { state: 'verified', gasPaid: '21' } });
    expect(mined.nonceWatch).toBeUndefined();
    const reverted = applyLateRead(record, read(tx({ blockNumber: 99n }), { reverted: true }), 50 * MINUTE);
    expect(reverted).toMatchObject({ status: 'FAILED', final: true, sentCheck: { state: 'reverted' } });
  });

  it('holds NOT_FOUND while the transaction is pending on chain, where it would otherwise be LOST', () => {
    const record = { ...settledPending(), status: 'NOT_FOUND', checks: 5 };
    const late = NOT_FOUND_GRACE_MS + MINUTE;
    expect(applyStatus(record, { status: 'NOT_FOUND' }, late)).toMatchObject({ status: 'NOT_FOUND', final: false });
    const mined = { ...record, nonceWatch: undefined };
    expect(applyStatus(mined, { status: 'NOT_FOUND' }, late)).toMatchObject({ status: 'LOST', final: true });
  });
});

describe('a nonce read from the account before the wallet was asked (the RPC never saw the transaction)', () => {
  const unseen = newSentTransfer(transferInput({ txHash: SENT, nonceAtSend: 7 }), 0);

  it('watches that nonce, marked as read before sending', () => {
    const first = applySentRead(unseen, read(null, undefined, { kind: 'unused', block: 50n }), 2_000);
    expect(first).toMatchObject({ final: false, sentCheck: { state: 'pending' } });
    expect(first.nonceWatch).toEqual({ nonce: 7, checkedBlock: '50', beforeSend: true });
    // Seen after all: the transaction's own nonce stands, no longer a guess.
    const seen = applySentRead(first, read(tx({ nonce: 8 }), null, { kind: 'unused', block: 51n }), 4_000);
    expect(seen.nonceWatch).toEqual({ nonce: 8, checkedBlock: '51' });
  });

  it('follows the approved call mined there as a speed-up', () => {
    const sped = applySentRead(
      unseen,
      read(null, undefined, { kind: 'mined', transaction: tx({ hash: OTHER }) }),
      2_000,
    );
    expect(sped).toMatchObject({ txHash: OTHER, spedUpFrom: SENT, final: false });
  });

  it('never calls anything else there this transfer’s cancel or replacement: the guess is dropped', () => {
    const cancel = tx({ hash: OTHER, to: APPROVED_TX.from, input: '0x', value: 0n });
    const after = applySentRead(unseen, read(null, undefined, { kind: 'mined', transaction: cancel }), 2_000);
    expect(after).toMatchObject({ txHash: SENT, final: false, status: 'SUBMITTED', sentCheck: { state: 'pending' } });
    expect(after.nonceWatch).toEqual({ nonce: 7, beforeSend: true, otherThere: OTHER });
  });
});
