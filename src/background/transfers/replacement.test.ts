import { describe, expect, it } from 'vitest';
import { APPROVED_TX, transferInput, txHash } from '../../../testing/background/fixtures';
import type { ReadReplacementReturnType } from '../../chains/readReplacement';
import type { ChainTransaction } from '../../chains/rpcReader';
import { describeFlagged } from '../../format/flaggedText';
import { replacedNote } from '../../format/replacedText';
import { isFlagged } from '../../model/localStatus';
import { describeOutcome } from './notificationText';
import { findSend, withSend } from './records';
import { classifyReplacement } from './replacement';
import { applySentRead, type SentReadOutcome } from './sentCheck';
import { newSentTransfer } from './transferStatus';

const SENT = txHash(1);
const OTHER = txHash(2);
const ACCOUNT = APPROVED_TX.from;

/** What the chain mined at the sent transaction's nonce: by default the approved call itself, under another hash. */
const mined = (over: Partial<ChainTransaction> = {}): ChainTransaction & { nonce: number } => ({
  hash: OTHER,
  from: ACCOUNT,
  to: APPROVED_TX.to,
  input: APPROVED_TX.data,
  value: BigInt(APPROVED_TX.value),
  chainId: 1,
  blockNumber: 9n,
  nonce: 7,
  ...over,
});

describe('classifyReplacement: what the wallet sent in the approved transaction’s place', () => {
  it('is a speed-up when the call, recipient and value are the approved ones', () => {
    expect(classifyReplacement(APPROVED_TX, mined())).toEqual({ kind: 'speedUp' });
  });

  it('is a cancel when it calls nothing: 0 to the account itself, or 0 anywhere', () => {
    expect(classifyReplacement(APPROVED_TX, mined({ to: ACCOUNT, input: '0x', value: 0n }))).toEqual({
      kind: 'cancel',
    });
    // Some wallets move nothing to themselves with a value; still nothing leaves the account.
    expect(classifyReplacement(APPROVED_TX, mined({ to: ACCOUNT, input: '0x', value: 3n })).kind).toBe('cancel');
    expect(
      classifyReplacement(APPROVED_TX, mined({ to: txHash(3).slice(0, 42) as `0x${string}`, input: '0x', value: 0n }))
        .kind,
    ).toBe('cancel');
  });

  it('is something else when it calls anything, or pays someone, or changes the approved call', () => {
    const payment = classifyReplacement(
      APPROVED_TX,
      mined({ to: '0x000000000000000000000000000000000000dEaD', input: '0x', value: 5n }),
    );
    expect(payment.kind).toBe('other');
    const selfCall = classifyReplacement(APPROVED_TX, mined({ to: ACCOUNT, input: '0x12', value: 0n }));
    expect(selfCall.kind).toBe('other');
    const rewritten = classifyReplacement(
      APPROVED_TX,
      mined({ input: `${APPROVED_TX.data.slice(0, -1)}2` as `0x${string}` }),
    );
    expect(rewritten).toMatchObject({ kind: 'other', differences: [{ field: 'data' }] });
    expect(classifyReplacement(APPROVED_TX, mined({ to: null })).kind).toBe('other');
  });
});

describe('applySentRead with a replacement', () => {
  const record = { ...newSentTransfer(transferInput({ txHash: SENT }), 1_000), sendingTxLink: 'https://x/tx/1' };
  const pendingTx = { ...mined({ hash: SENT, blockNumber: null }) };
  const read = (
    replacement?: ReadReplacementReturnType,
    transaction: ChainTransaction | null = null,
  ): SentReadOutcome => ({
    kind: 'read',
    rpcHost: 'rpc.example',
    read: { rpcChainId: 1, transaction, receipt: transaction ? null : undefined },
    ...(replacement ? { replacement } : {}),
  });

  it('keeps the nonce the pending transaction was seen at and the last block known to hold nothing at it', () => {
    const seen = applySentRead(record, read({ kind: 'unused', block: 40n }, pendingTx), 2_000);
    expect(seen.sentCheck).toEqual({ state: 'pending', attempts: 1 });
    expect(seen.nonceWatch).toEqual({ nonce: 7, checkedBlock: '40' });
    // Later, the node forgot it (replaced in its pool); the nonce is still known, the search went on.
    const later = applySentRead(seen, read({ kind: 'notFound', block: 104n }), 3_000);
    expect(later.nonceWatch).toEqual({ nonce: 7, checkedBlock: '104' });
    expect(later.final).toBe(false);
  });

  it('follows a speed-up under its new hash, to be read back and compared as the first would have been', () => {
    const sped = applySentRead(record, read({ kind: 'mined', transaction: mined() }), 2_000);
    expect(sped).toMatchObject({
      txHash: OTHER,
      spedUpFrom: SENT,
      final: false,
      status: 'SUBMITTED',
      sentCheck: { state: 'pending', attempts: 1 },
    });
    expect(sped.sendingTxLink).toBeUndefined();
    // Its own read then verifies it like any sent transaction.
    const verified = applySentRead(
      sped,
      {
        kind: 'read',
        rpcHost: 'rpc.example',
        read: { rpcChainId: 1, transaction: mined(), receipt: { reverted: false } },
      },
      3_000,
    );
    expect(verified.sentCheck).toEqual({ state: 'verified', rpcHost: 'rpc.example' });
    expect(replacedNote(verified, () => 'Ethereum')).toBe(
      `Sped up in your wallet: followed under its new hash (first sent as ${SENT.slice(0, 10)}…).`,
    );
    // The record keeps one transaction, found by either hash (a late report of the first one adds nothing).
    const stored = withSend({ id: 'r', createdAt: 1, updatedAt: 1, sends: [record] }, verified);
    expect(stored.sends.map((s) => s.txHash)).toEqual([OTHER]);
    expect(findSend({ r: stored }, SENT)?.send.txHash).toBe(OTHER);
  });

  it('says a cancel cancelled, final, not a warning', () => {
    const cancelled = applySentRead(
      record,
      read({ kind: 'mined', transaction: mined({ to: ACCOUNT, input: '0x', value: 0n }) }),
      2_000,
    );
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      final: true,
      sentCheck: { state: 'cancelled', rpcHost: 'rpc.example', by: OTHER },
    });
    expect(isFlagged(cancelled)).toBe(false);
    // Its one notification says so, not a warning.
    expect(describeOutcome(cancelled, () => 'Ethereum')).toEqual({
      title: 'Cancelled in your wallet',
      message: 'Cancelled in your wallet: nothing was sent.',
    });
    expect(replacedNote(cancelled, () => 'Ethereum')).toBe(
      `Cancelled in your wallet: nothing was sent. The transaction your wallet sent in its place on Ethereum (${OTHER.slice(0, 10)}…) calls nothing and moves nothing to anyone else.`,
    );
  });

  it('warns of anything else at the nonce, never calling it sent', () => {
    const other = applySentRead(
      record,
      read({
        kind: 'mined',
        transaction: mined({ to: '0x000000000000000000000000000000000000dEaD', input: '0x', value: 5n }),
      }),
      2_000,
    );
    expect(other).toMatchObject({ status: 'REPLACED', final: true, sentCheck: { state: 'replaced', by: OTHER } });
    expect(isFlagged(other)).toBe(true);
    expect(describeOutcome(other, () => 'Ethereum')).toMatchObject({
      title: 'Your wallet sent another transaction in its place',
      warning: true,
    });
    const words = describeFlagged(other, () => 'Ethereum');
    expect(words?.title).toBe('Your wallet sent another transaction in its place');
    expect(words?.message).toMatch(
      /^Your wallet replaced this transaction on Ethereum with another one \(0x00000000…\) that is not the transfer you approved: it calls another contract: 0x0+dEaD instead of 0xB71D6e0+c0de1\. Nothing of this transfer was sent\.$/,
    );
  });

  it('says a different native value in the chain’s coin, never in wei', () => {
    const other = applySentRead(
      record,
      read({ kind: 'mined', transaction: mined({ value: 1_500_000_000_000_000n }) }),
      2_000,
    );
    const eth = { symbol: 'ETH', decimals: 18 };
    const words = describeFlagged(
      other,
      () => 'Ethereum',
      (id) => (id === 1 ? eth : undefined),
    );
    expect(words?.details[0]).toBe('it moves another amount of native coin: 0.0015 ETH instead of 0 ETH');
    expect(
      describeOutcome(
        other,
        () => 'Ethereum',
        () => eth,
      ).message,
    ).toContain('0.0015 ETH instead of 0 ETH');
    // No chain list to name the coin: the unit is said, never a bare number of base units.
    expect(describeFlagged(other, () => 'Ethereum')?.details[0]).toBe(
      'it moves another amount of native coin: 1500000000000000 wei instead of 0 wei',
    );
  });

  it('ignores the sent transaction itself found at its nonce: mined since, its own read verifies it', () => {
    const same = applySentRead(record, read({ kind: 'mined', transaction: mined({ hash: SENT }) }, pendingTx), 2_000);
    expect(same).toMatchObject({ txHash: SENT, final: false, sentCheck: { state: 'pending' } });
  });

  it('does not look at a replacement once the sent transaction has a receipt', () => {
    const minedRead: SentReadOutcome = {
      kind: 'read',
      rpcHost: 'rpc.example',
      read: { rpcChainId: 1, transaction: mined({ hash: SENT }), receipt: { reverted: false } },
      replacement: { kind: 'mined', transaction: mined({ to: ACCOUNT, input: '0x', value: 0n }) },
    };
    expect(applySentRead(record, minedRead, 2_000).sentCheck.state).toBe('verified');
  });
});
