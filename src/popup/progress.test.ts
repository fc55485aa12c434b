import { describe, expect, it } from 'vitest';
import type { SentTransfer } from '../model/transfer';
import { type ProgressContext, progressSteps, sentLine, stageLabel } from './progress';

const states = (steps: ReturnType<typeof progressSteps>) => steps.map((s) => `${s.key}:${s.state}`);
const labels = (steps: ReturnType<typeof progressSteps>) => steps.map((s) => s.label);
const record = (over: Partial<SentTransfer>) =>
  ({
    status: 'PENDING',
    final: false,
    fromToken: { symbol: 'USDC', decimals: 6, chainId: '1' },
    toToken: { symbol: 'USDC', decimals: 6, chainId: '42161' },
    toChainId: 42161,
    ...over,
  }) as SentTransfer;
const bridge: ProgressContext = { fromChain: 'Ethereum', toChain: 'Arbitrum', fromSymbol: 'USDC' };

describe('progressSteps', () => {
  it('follows the signing stages', () => {
    expect(states(progressSteps('approval-pending', undefined, undefined, bridge))).toEqual([
      'switching:done',
      'approving:current',
      'preparing:todo',
      'signing:todo',
      'submitted:todo',
      'bridging:todo',
      'received:todo',
    ]);
  });
  it('marks where it failed', () => {
    expect(states(progressSteps('failed', 'signing', undefined, bridge)).slice(3, 5)).toEqual([
      'signing:failed',
      'submitted:todo',
    ]);
  });
  it('follows the tracked transfer after sending', () => {
    expect(states(progressSteps('done', undefined, record({}), bridge)).slice(4)).toEqual([
      'submitted:done',
      'bridging:current',
      'received:todo',
    ]);
    const done = record({ status: 'DONE', substatus: 'COMPLETED', final: true });
    expect(states(progressSteps('done', undefined, done, bridge)).slice(5)).toEqual(['bridging:done', 'received:done']);
    const refunded = progressSteps('done', undefined, { ...done, substatus: 'REFUNDED' }, bridge);
    expect(refunded.at(-1)?.label).toBe('Refunded on Ethereum');
    expect(
      states(progressSteps('done', undefined, record({ status: 'FAILED', final: true }), bridge)).slice(5),
    ).toEqual(['bridging:failed', 'received:failed']);
  });

  it('says the amount the destination chain read, never the service’s, once received', () => {
    const done = record({
      status: 'DONE',
      substatus: 'COMPLETED',
      final: true,
      receiving: { amount: '493300000' },
      arrival: { state: 'confirmed', amount: '49330000', rpcHost: '127.0.0.1:8546' },
    });
    expect(progressSteps('done', undefined, done, bridge).at(-1)?.label).toBe('Received 49.33 USDC on Arbitrum');
    // Not read on chain: no figure at all rather than the service's.
    const unchecked = { ...done, arrival: { state: 'unchecked' as const, reason: 'noTrustedRpc' } };
    expect(progressSteps('done', undefined, unchecked, bridge).at(-1)?.label).toBe('Received on Arbitrum');
  });

  it('shows a network switch and an approval the attempt did not need as skipped, not done', () => {
    const steps = progressSteps('done', undefined, record({}), { ...bridge, passed: ['preparing', 'signing'] });
    expect(states(steps).slice(0, 4)).toEqual([
      'switching:skipped',
      'approving:skipped',
      'preparing:done',
      'signing:done',
    ]);
    expect(labels(steps).slice(0, 2)).toEqual(['No switch needed: your wallet is on Ethereum', 'No approval needed']);
    // The allowance read is no approval; the approval itself is.
    const approved = progressSteps('signing', undefined, undefined, {
      ...bridge,
      passed: ['switching', 'checking-allowance', 'approving', 'approval-pending', 'preparing', 'signing'],
    });
    expect(states(approved).slice(0, 3)).toEqual(['switching:done', 'approving:done', 'preparing:done']);
    expect(labels(approved).slice(0, 2)).toEqual(['Wallet switched to Ethereum', 'USDC allowed for this transfer']);
    const readOnly = progressSteps('preparing', undefined, undefined, {
      ...bridge,
      passed: ['checking-allowance', 'preparing'],
    });
    expect(states(readOnly).slice(0, 2)).toEqual(['switching:skipped', 'approving:skipped']);
  });

  it('shows a network switch and an approval an older record does not say were needed as neither done nor skipped', () => {
    const steps = progressSteps('done', undefined, record({ status: 'DONE', final: true }), {
      ...bridge,
      passed: 'unrecorded',
    });
    expect(states(steps)).toEqual([
      'switching:unrecorded',
      'approving:unrecorded',
      'preparing:done',
      'signing:done',
      'submitted:done',
      'bridging:done',
      'received:done',
    ]);
    expect(labels(steps).slice(0, 2)).toEqual([
      'Whether your wallet had to switch to Ethereum was not recorded',
      'Whether USDC needed an approval was not recorded',
    ]);
    // Stopped at the approval: only the switch before it is in question.
    const stopped = progressSteps('failed', 'approving', undefined, { ...bridge, passed: 'unrecorded' });
    expect(states(stopped).slice(0, 3)).toEqual(['switching:unrecorded', 'approving:failed', 'preparing:todo']);
  });

  it('speaks of the chains and the wallet, not of internal stages', () => {
    const text = labels(progressSteps('switching', undefined, undefined, bridge)).join(' | ');
    expect(text).toBe(
      'Switch your wallet to Ethereum | Allow the transfer to spend your USDC | Check the transaction | ' +
        'Confirm the transfer in your wallet | Send on Ethereum | Bridge to Arbitrum | Receive on Arbitrum',
    );
    const swap = { fromChain: 'Arbitrum', toChain: 'Arbitrum', fromSymbol: 'USDC' };
    expect(progressSteps('done', undefined, record({}), swap)[5]?.label).toBe('Swapping on Arbitrum');
    expect(stageLabel('approval-pending', bridge)).toBe('Allow the transfer to spend your USDC');
  });
});

describe('sentLine', () => {
  it('says "Sent" only while the transfer is on its way, then that it arrived or did not', () => {
    expect(sentLine(undefined)).toEqual({ text: 'Sent. Follow it in Activity.', tone: 'ok' });
    expect(sentLine(record({}))).toEqual({ text: 'Sent. Follow it in Activity.', tone: 'ok' });
    expect(sentLine(record({ status: 'DONE', final: true }))).toEqual({
      text: 'Arrived. The details are in Activity.',
      tone: 'ok',
    });
    expect(sentLine(record({ status: 'NOT_ARRIVED', final: true })).tone).toBe('notice');
    const unread = record({ status: 'DONE', final: true, arrival: { state: 'unchecked', reason: 'noTrustedRpc' } });
    expect(sentLine(unread)).toEqual({
      text: 'The service says it arrived; that could not be read on the destination chain. Check the receiving account; details in Activity.',
      tone: 'notice',
    });
    expect(sentLine(record({ status: 'FAILED', final: true })).text).toBe(
      'It did not arrive as planned: Activity says what happened and what to do.',
    );
  });
});
