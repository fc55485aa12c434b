import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput, txHash, USDC_ETH } from '../../../testing/background/fixtures';
import type { ArrivalCheck } from '../../confirmation/arrivalCheck';
import { receivedOnChain } from '../../format/receivedAmount';
import { StatusResponseSchema } from '../../schemas/status';
import {
  applyArrivalRead,
  arrivalParams,
  arrivalReadDelay,
  MAX_ARRIVAL_READS,
  NOT_FOUND_READS,
} from './arrivalConfirm';
import { applyStatus, newSentTransfer } from './transferStatus';

const BRIDGED = {
  ...USDC_ETH,
  chainId: 42161,
  symbol: 'USDC.e',
  address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8',
};
const reported = (substatus = 'COMPLETED', extra?: Parameters<typeof statusBody>[2], bridgeToken = BRIDGED) =>
  applyStatus(
    newSentTransfer(transferInput({ bridgeToken }), 0),
    v.parse(StatusResponseSchema, statusBody('DONE', substatus, extra)),
    1,
  );
const HOST = '127.0.0.1:8546';

describe('what a reported arrival is read as', () => {
  it('COMPLETED: the promised token, at least the minimum shown, to the recipient on the destination chain', () => {
    const r = reported();
    expect(arrivalParams(r)).toEqual({
      chainId: 42161,
      txHash: txHash(0xbeef),
      recipient: r.toAddress,
      token: r.toToken.address,
      minAmount: BigInt(r.toAmountMin),
    });
  });

  it('PARTIAL: the bridge’s own token; REFUNDED: the sent token back to the sender on the source chain', () => {
    expect(arrivalParams(reported('PARTIAL'))).toMatchObject({ chainId: 42161, token: BRIDGED.address, minAmount: 1n });
    const refund = reported('REFUNDED', { receiving: { chainId: 1 } });
    expect(arrivalParams(refund)).toMatchObject({
      chainId: 1,
      recipient: refund.fromAddress,
      token: refund.fromToken.address,
      minAmount: 1n,
    });
  });

  it('takes the transaction the arrival watch saw only when the service names none', () => {
    const named = reported();
    expect(arrivalParams(named, txHash(0x5ee))?.txHash).toBe(txHash(0xbeef));
    // (The status schema refuses a DONE without one; a record written otherwise still reads nothing made up.)
    const r = reported();
    const unnamed = { ...r, receiving: { ...r.receiving, txHash: undefined } };
    expect(arrivalParams(unnamed)).toBeUndefined();
    expect(arrivalParams(unnamed, txHash(0x5ee))?.txHash).toBe(txHash(0x5ee));
  });
});

describe('applyArrivalRead', () => {
  const read = (r: ReturnType<typeof reported>, check: ArrivalCheck | undefined) => applyArrivalRead(r, check, 10);

  it('counts DONE only with the amount the chain shows', () => {
    const done = read(reported('COMPLETED', { receiving: { amount: '998000000' } }), {
      kind: 'confirmed',
      amount: 99_800_000n,
      measure: 'transferLogs',
      rpcHost: HOST,
    });
    expect(done).toMatchObject({ status: 'DONE', final: true, arrival: { state: 'confirmed', amount: '99800000' } });
    expect(receivedOnChain(done)).toEqual({ amount: '99800000', token: done.toToken });
  });

  it('reads a not-found receiving transaction again before believing it, then warns', () => {
    const notFound: ArrivalCheck = { kind: 'contradicted', reason: 'notFound', rpcHost: HOST };
    let r = reported();
    for (let i = 1; i < NOT_FOUND_READS; i++) {
      r = read(r, notFound);
      expect(r).toMatchObject({ status: 'ARRIVING', final: false, arrival: { state: 'confirming', attempts: i } });
    }
    r = read(r, notFound);
    expect(r).toMatchObject({
      status: 'NOT_ARRIVED',
      final: true,
      arrival: { state: 'contradicted', reason: 'notFound' },
    });
    expect(receivedOnChain(r)).toBeUndefined();
  });

  it('warns at once when the chain shows the transaction paying less, or someone else', () => {
    const below = read(reported(), { kind: 'contradicted', reason: 'belowMinimum', amount: 5n, rpcHost: HOST });
    expect(below).toMatchObject({ status: 'NOT_ARRIVED', arrival: { reason: 'belowMinimum', amount: '5' } });
  });

  it('reads a failing RPC or an unmined transaction again, a bounded number of times, then leaves it unchecked', () => {
    let r = reported();
    for (let i = 1; i < MAX_ARRIVAL_READS; i++) {
      r = read(r, { kind: 'unreadable', reason: 'rpcFailed', detail: 'HTTP 503' });
      expect(r).toMatchObject({ final: false, arrival: { state: 'confirming', attempts: i, lastError: 'HTTP 503' } });
    }
    r = read(r, { kind: 'unreadable', reason: 'rpcFailed', detail: 'HTTP 503' });
    expect(r).toMatchObject({ status: 'DONE', final: true, arrival: { state: 'unchecked', reason: 'rpcFailed' } });
    expect(read(reported(), { kind: 'pending', rpcHost: HOST })).toMatchObject({ final: false });
    expect(arrivalReadDelay(1)).toBe(3_000);
    expect(arrivalReadDelay(10)).toBe(30_000);
  });

  it('says the arrival is unchecked where no RPC is trusted, or no receiving transaction is named', () => {
    expect(read(reported(), { kind: 'unreadable', reason: 'noTrustedRpc' })).toMatchObject({
      status: 'DONE',
      final: true,
      arrival: { state: 'unchecked', reason: 'noTrustedRpc' },
    });
    expect(read(reported(), undefined)).toMatchObject({ arrival: { state: 'unchecked', reason: 'noReceivingTx' } });
  });
});
