import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput, txHash, USDC_ETH } from '../../../testing/background/fixtures';
import { StatusResponseSchema } from '../../schemas/status';
import { compareStatus } from './statusCheck';
import { applyStatus, newSentTransfer } from './transferStatus';

const record = newSentTransfer(transferInput(), 0);
const answer = (body: object) => v.parse(StatusResponseSchema, body);
const done = (extra: Parameters<typeof statusBody>[2] = {}, substatus = 'COMPLETED', top: object = {}) =>
  answer({ ...statusBody('DONE', substatus, extra), ...top });
const fields = (a: ReturnType<typeof answer>) => compareStatus(record, a).map((d) => d.field);
const ATTACKER = '0x000000000000000000000000000000000000dEaD';

describe('compareStatus: a DONE status against the record', () => {
  it('accepts legs that match the record', () => {
    expect(fields(done())).toEqual([]);
    expect(fields(done({}, 'COMPLETED', { fromAddress: record.fromAddress, toAddress: record.toAddress }))).toEqual([]);
  });

  it('flags another sending transaction (a forged hash answered by the page)', () => {
    expect(fields(done({ sending: { txHash: txHash(2) } }))).toEqual(['sending transaction']);
  });

  it('flags another sender or recipient when the status names them', () => {
    expect(fields(done({}, 'COMPLETED', { fromAddress: ATTACKER }))).toEqual(['sending address']);
    expect(fields(done({}, 'COMPLETED', { toAddress: ATTACKER }))).toEqual(['receiving address']);
  });

  it('flags another token, another chain, or less than the minimum', () => {
    expect(fields(done({ receiving: { token: { ...USDC_ETH, chainId: 42161, address: ATTACKER } } }))).toEqual([
      'receiving token',
    ]);
    expect(fields(done({ receiving: { chainId: 10 } }))).toEqual(['receiving chain']);
    expect(fields(done({ receiving: { amount: String(BigInt(record.toAmountMin) - 1n) } }))).toEqual([
      'received amount',
    ]);
    expect(fields(done({ receiving: { amount: record.toAmountMin } }))).toEqual([]);
  });

  it('lets a partial completion name another token, and a refund go back to the sender', () => {
    const other = { ...USDC_ETH, chainId: 42161, symbol: 'USDC.e', address: ATTACKER };
    expect(fields(done({ receiving: { token: other, amount: '1' } }, 'PARTIAL'))).toEqual([]);
    expect(
      fields(done({ receiving: { token: USDC_ETH, chainId: 1 } }, 'REFUNDED', { toAddress: record.fromAddress })),
    ).toEqual([]);
    expect(fields(done({}, 'REFUNDED', { toAddress: ATTACKER }))).toEqual(['refund address']);
  });

  it('compares DONE only', () => {
    expect(
      fields(answer(statusBody('PENDING', 'WAIT_DESTINATION_TRANSACTION', { sending: { txHash: txHash(2) } }))),
    ).toEqual([]);
  });

  it('makes a disagreeing DONE a final MISMATCH, never DONE', () => {
    const folded = applyStatus(record, done({ sending: { txHash: txHash(2) } }), 5);
    expect(folded).toMatchObject({
      status: 'MISMATCH',
      final: true,
      statusDifferences: [{ field: 'sending transaction' }],
    });
  });
});
