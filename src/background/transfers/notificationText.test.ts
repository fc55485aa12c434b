import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput, USDC_ETH } from '../../../testing/background/fixtures';
import { StatusResponseSchema } from '../../schemas/status';
import { chainNamer } from '../chainNames';
import { describeOutcome } from './notificationText';
import { applyStatus, newSentTransfer } from './transferStatus';

const names = chainNamer(undefined);
const outcome = (status: string, substatus?: string, extra?: Parameters<typeof statusBody>[2]) =>
  describeOutcome(
    applyStatus(
      newSentTransfer(transferInput(), 0),
      v.parse(StatusResponseSchema, statusBody(status, substatus, extra)),
      1,
    ),
    names,
  );

describe('describeOutcome', () => {
  it('says what arrived where', () => {
    expect(outcome('DONE', 'COMPLETED').message).toBe('Received 99.8 USDC on Arbitrum');
  });

  it('names the recipient when the person sent to someone else', () => {
    const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const record = applyStatus(
      newSentTransfer(transferInput({ toAddress: friend }), 0),
      v.parse(StatusResponseSchema, statusBody('DONE', 'COMPLETED')),
      1,
    );
    expect(describeOutcome(record, names).message).toBe('0x7099…79C8 received 99.8 USDC on Arbitrum');
  });

  it('names the other token of a partial completion', () => {
    const usdce = {
      ...USDC_ETH,
      chainId: 42161,
      symbol: 'USDC.e',
      address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8',
    };
    expect(outcome('DONE', 'PARTIAL', { receiving: { token: usdce } }).message).toBe(
      'Received 99.8 USDC.e on Arbitrum instead of USDC',
    );
  });

  it('says a refund in the refunded token and chain', () => {
    const refund = { token: USDC_ETH, amount: '100000000', chainId: 1 };
    expect(outcome('DONE', 'REFUNDED', { receiving: refund }).message).toBe('Refunded 100 USDC on Ethereum');
  });

  it('gives failure causes in words', () => {
    expect(outcome('FAILED', 'SLIPPAGE_EXCEEDED').message).toBe('Failed: the price moved beyond your slippage');
    expect(outcome('FAILED', 'NEW_CAUSE', { substatusMessage: 'Bridge paused' }).message).toBe('Failed: Bridge paused');
    expect(outcome('FAILED', 'NEW_CAUSE').message).toBe('Failed: the bridge reported NEW_CAUSE');
  });

  it('shows an unknown final-looking status as sent', () => {
    expect(outcome('INVALID').title).toBe('Transfer invalid');
  });
});
