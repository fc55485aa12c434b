import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput, USDC_ETH } from '../../../testing/background/fixtures';
import type { ArrivalCheck } from '../../confirmation/arrivalCheck';
import { formatAmount } from '../../format/amount';
import { StatusResponseSchema } from '../../schemas/status';
import { chainNamer } from '../chainNames';
import { applyArrivalRead } from './arrivalConfirm';
import { describeOutcome } from './notificationText';
import { applySentRead } from './sentCheck';
import { applyStatus, newSentTransfer } from './transferStatus';

const names = chainNamer(undefined);
const onChain = (amount: bigint): ArrivalCheck => ({
  kind: 'confirmed',
  amount,
  measure: 'transferLogs',
  rpcHost: 'rpc',
});
/** The service's answer, then (for a DONE) what the destination chain showed of it: by default what it reported. */
const settled = (
  input: ReturnType<typeof transferInput>,
  body: ReturnType<typeof statusBody>,
  read: ArrivalCheck | undefined = onChain(
    BigInt((body as { receiving?: { amount?: string } }).receiving?.amount ?? '1'),
  ),
) => applyArrivalRead(applyStatus(newSentTransfer(input, 0), v.parse(StatusResponseSchema, body), 1), read, 2);
const outcome = (status: string, substatus?: string, extra?: Parameters<typeof statusBody>[2], read?: ArrivalCheck) =>
  describeOutcome(settled(transferInput(), statusBody(status, substatus, extra), read), names);

describe('describeOutcome', () => {
  it('says what arrived where', () => {
    expect(outcome('DONE', 'COMPLETED').message).toBe('Received 99.8 USDC on Arbitrum');
  });

  it('writes the amount as the popup’s Activity does, four decimals, so the two never disagree', () => {
    const odd = outcome('DONE', 'COMPLETED', { receiving: { amount: '99812345' } }, onChain(99_812_345n));
    expect(odd.message).toBe(`Received ${formatAmount(99_812_345n, 6)} USDC on Arbitrum`);
    expect(odd.message).toBe('Received 99.8123 USDC on Arbitrum');
  });

  it('writes a short arrival the service reports in the token’s units, not in its smallest', () => {
    const short = outcome('DONE', 'COMPLETED', { receiving: { amount: '59497612' } }, onChain(59_497_612n));
    expect(short.message).toBe(
      'Not counted as received: the service reports less than your minimum: 59.4976 USDC instead of at least 99.3 USDC. Check the destination account on a block explorer before relying on this transfer.',
    );
  });

  it('says the amount read on chain, never the service’s figure', () => {
    const inflated = outcome('DONE', 'COMPLETED', { receiving: { amount: '998000000' } }, onChain(99_800_000n));
    expect(inflated).toEqual({ title: 'Transfer complete', message: 'Received 99.8 USDC on Arbitrum' });
  });

  it('warns, and never says complete, when the destination chain does not show the arrival', () => {
    const text = outcome('DONE', 'COMPLETED', undefined, {
      kind: 'contradicted',
      reason: 'notFound',
      rpcHost: '127.0.0.1:8546',
    });
    // One notFound is read again (a lagging node) before it is believed: here the first read settles nothing.
    expect(text.title).not.toBe('Transfer complete');
    const record = settled(transferInput(), statusBody('DONE', 'COMPLETED'), {
      kind: 'contradicted',
      reason: 'reverted',
      rpcHost: '127.0.0.1:8546',
    });
    expect(describeOutcome(record, names)).toEqual({
      title: 'The bridge reported an arrival the chain does not show',
      message:
        'Not counted as received: Arbitrum does not show it (the receiving transaction failed; read through 127.0.0.1:8546). Check the destination account on a block explorer before relying on this transfer.',
      warning: true,
    });
  });

  it('says the arrival is the service’s word where no RPC for that chain is trusted', () => {
    const text = outcome('DONE', 'COMPLETED', undefined, { kind: 'unreadable', reason: 'noTrustedRpc' });
    expect(text.title).toBe('Transfer reported complete');
    expect(text.message).toBe(
      "Received 99.8 USDC on Arbitrum. Arrival not checked on chain: it is the bridge's word only, the extension trusts no RPC for Arbitrum (add one in Settings).",
    );
  });

  it('names the recipient when the person sent to someone else', () => {
    const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const record = settled(transferInput({ toAddress: friend }), statusBody('DONE', 'COMPLETED'));
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

  it('says why a transaction reverted at its receipt, in words and without its raw data', () => {
    const read = {
      kind: 'read',
      rpcHost: 'rpc',
      read: {
        rpcChainId: 1,
        transaction: {
          hash: transferInput().txHash,
          from: transferInput().approvedTx.from,
          to: transferInput().approvedTx.to,
          input: transferInput().approvedTx.data,
          value: BigInt(transferInput().approvedTx.value),
          blockNumber: 5n,
        },
        receipt: { reverted: true, revertData: '0x' },
      },
    } as const;
    const failed = applySentRead(newSentTransfer(transferInput(), 0), read, 1);
    expect(describeOutcome(failed, names)).toEqual({
      title: 'Transfer failed',
      message:
        'Failed: The transaction reverted on chain: the contract refused without a reason. Nothing was bridged; only its gas was spent.',
    });
  });

  it('shows an unknown final-looking status as sent', () => {
    expect(outcome('INVALID').title).toBe('Transfer invalid');
  });
});
