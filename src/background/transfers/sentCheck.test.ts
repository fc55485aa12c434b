import { encodeErrorResult } from 'viem';
import { describe, expect, it } from 'vitest';
import { APPROVED_TX, transferInput, txHash } from '../../../testing/background/fixtures';
import type { ChainTransaction } from '../../chains/rpcReader';
import { applySentRead, compareSent, SENT_CHECK_BOUND_MS, sentCheckDelay } from './sentCheck';
import { newSentTransfer } from './transferStatus';

const HASH = txHash(1);
const onChain = (over: Partial<ChainTransaction> = {}): ChainTransaction => ({
  hash: HASH,
  from: APPROVED_TX.from,
  to: APPROVED_TX.to,
  input: APPROVED_TX.data,
  value: BigInt(APPROVED_TX.value),
  chainId: APPROVED_TX.chainId,
  blockNumber: 5n,
  ...over,
});
const fields = (tx: ChainTransaction) => compareSent(APPROVED_TX, HASH, tx).map((d) => d.field);

describe('compareSent: the chain’s copy against the approved transaction', () => {
  it('finds nothing when every member matches, whatever the address and hex case', () => {
    expect(fields(onChain())).toEqual([]);
    expect(
      fields(
        onChain({
          from: APPROVED_TX.from.toUpperCase().replace('0X', '0x') as `0x${string}`,
          to: APPROVED_TX.to.toLowerCase() as `0x${string}`,
        }),
      ),
    ).toEqual([]);
    // A pending transaction (not mined yet) is already fixed by its signature: comparable.
    expect(fields(onChain({ blockNumber: null }))).toEqual([]);
    // Pre-EIP-155 transactions carry no chain ID: the RPC's own chain (checked by applySentRead) stands for it.
    expect(fields(onChain({ chainId: undefined }))).toEqual([]);
  });

  it.each([
    ['from', { from: '0x2222222222222222222222222222222222222222' }],
    ['to', { to: '0x000000000000000000000000000000000000dEaD' }],
    ['to', { to: null }],
    ['data', { input: `${APPROVED_TX.data.slice(0, -1)}2` }],
    ['data', { input: `${APPROVED_TX.data}00` }],
    ['value', { value: 1n }],
    ['chainId', { chainId: 10 }],
    ['hash', { hash: txHash(2) }],
  ] as const)('names a different %s', (field, over) => {
    expect(fields(onChain(over as Partial<ChainTransaction>))).toEqual([field]);
  });

  it('names every difference at once (another account’s transfer)', () => {
    const other = onChain({ from: '0x2222222222222222222222222222222222222222', input: '0x1234', value: 7n });
    expect(compareSent(APPROVED_TX, HASH, other)).toEqual([
      { field: 'from', expected: APPROVED_TX.from, actual: '0x2222222222222222222222222222222222222222' },
      { field: 'data', expected: APPROVED_TX.data, actual: '0x1234' },
      { field: 'value', expected: '0', actual: '7' },
    ]);
  });
});

describe('applySentRead: one read folded into the record', () => {
  const record = newSentTransfer(transferInput(), 1_000);
  const read = (transaction: ChainTransaction | null, rpcChainId = 1) =>
    ({ kind: 'read', rpcHost: 'rpc.example', read: { rpcChainId, transaction } }) as const;

  it('verifies a matching transaction, and status tracking may start', () => {
    expect(applySentRead(record, read(onChain()), 2_000)).toMatchObject({
      status: 'SUBMITTED',
      final: false,
      sentCheck: { state: 'verified', rpcHost: 'rpc.example' },
    });
  });

  it('keeps what the transaction cost, read from its receipt, for the history', () => {
    const mined = {
      kind: 'read',
      rpcHost: 'rpc.example',
      read: { rpcChainId: 1, transaction: onChain(), receipt: { reverted: false, gasPaid: 42_000_000_000_000n } },
    } as const;
    expect(applySentRead(record, mined, 2_000).sentCheck).toEqual({
      state: 'verified',
      rpcHost: 'rpc.example',
      gasPaid: '42000000000000',
    });
  });

  it('fails a reverted transaction at its receipt, in words, with the raw data kept for the details only', () => {
    const revertData = encodeErrorResult({
      abi: [
        {
          type: 'error',
          name: 'InsufficientBalance',
          inputs: [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
        },
      ],
      errorName: 'InsufficientBalance',
      args: [APPROVED_TX.from, 98_987_500_000n, 99_987_500_000n],
    });
    const outcome = {
      kind: 'read',
      rpcHost: 'rpc.example',
      read: { rpcChainId: 1, transaction: onChain(), receipt: { reverted: true, revertData } },
    } as const;
    const failed = applySentRead(record, outcome, 2_000);
    expect(failed).toMatchObject({
      status: 'FAILED',
      final: true,
      sentCheck: { state: 'reverted', rpcHost: 'rpc.example', revertData },
    });
    expect(failed.substatusMessage).toBe(
      'The transaction reverted on chain: the balance does not cover the amount. Nothing was bridged; only its gas was spent.',
    );
    expect(failed.substatusMessage).not.toContain(revertData.slice(10, 30));
  });

  it('keeps reading a matching transaction that is not mined yet, so its receipt is seen', () => {
    const unmined = {
      kind: 'read',
      rpcHost: 'rpc.example',
      read: { rpcChainId: 1, transaction: onChain({ blockNumber: null }), receipt: null },
    } as const;
    expect(applySentRead(record, unmined, 2_000).sentCheck).toEqual({ state: 'pending', attempts: 1 });
    // Past the bound the service's status takes over, as for any matching transaction.
    expect(applySentRead(record, unmined, 1_000 + SENT_CHECK_BOUND_MS).sentCheck.state).toBe('verified');
    const mined = { ...unmined, read: { ...unmined.read, receipt: { reverted: false } } } as const;
    expect(applySentRead(record, mined, 2_000).sentCheck.state).toBe('verified');
  });

  it('flags a different transaction at once: final, MISMATCH, with what differed', () => {
    const flagged = applySentRead(record, read(onChain({ from: '0x2222222222222222222222222222222222222222' })), 2_000);
    expect(flagged).toMatchObject({
      status: 'MISMATCH',
      final: true,
      sentCheck: { state: 'mismatch', differences: [{ field: 'from' }] },
    });
  });

  it('keeps reading an unknown hash until the bound, then flags it UNVERIFIED (not found)', () => {
    const waiting = applySentRead(record, read(null), 2_000);
    expect(waiting).toMatchObject({ final: false, sentCheck: { state: 'pending', attempts: 1 } });
    const late = applySentRead(waiting, read(null), 1_000 + SENT_CHECK_BOUND_MS);
    expect(late).toMatchObject({ status: 'UNVERIFIED', final: true, sentCheck: { state: 'notFound' } });
  });

  it('keeps trying an RPC that fails until the bound, then flags it UNVERIFIED (unreachable) with the reason', () => {
    const error = { kind: 'error', rpcHost: 'rpc.example', message: 'The RPC at rpc.example did not answer.' } as const;
    const waiting = applySentRead(record, error, 2_000);
    expect(waiting).toMatchObject({ final: false, sentCheck: { state: 'pending', lastError: error.message } });
    expect(applySentRead(waiting, error, 1_000 + SENT_CHECK_BOUND_MS)).toMatchObject({
      status: 'UNVERIFIED',
      final: true,
      sentCheck: { state: 'unreachable', lastError: error.message },
    });
  });

  it('does not compare anything an RPC for another chain says', () => {
    const wrongChain = applySentRead(record, read(onChain(), 10), 2_000);
    expect(wrongChain.sentCheck).toMatchObject({
      state: 'pending',
      lastError: expect.stringMatching(/serves chain 10, not chain 1/),
    });
  });

  it('says plainly that a chain without a trusted RPC was not checked, and lets tracking go on', () => {
    expect(applySentRead(record, { kind: 'noTrustedRpc' }, 2_000)).toMatchObject({
      final: false,
      sentCheck: { state: 'noTrustedRpc' },
    });
  });

  it('never changes a record whose check is settled', () => {
    const verified = applySentRead(record, read(onChain()), 2_000);
    expect(applySentRead(verified, read(onChain({ from: '0x2222222222222222222222222222222222222222' })), 3_000)).toBe(
      verified,
    );
  });

  it('reads quickly at first, then every 15 s', () => {
    expect([1, 2, 3, 4, 10].map(sentCheckDelay)).toEqual([2_000, 4_000, 8_000, 15_000, 15_000]);
  });
});
