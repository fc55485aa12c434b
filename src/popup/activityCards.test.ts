import { describe, expect, it } from 'vitest';
import { transferInput, txHash } from '../../testing/background/fixtures';
import { ACCOUNT, twoStepRoute } from '../../testing/popup/fixtures';
import { newSentTransfer } from '../background/transfers/transferStatus';
import { attentionCount } from '../model/attention';
import type { ExecutionPhase, ExecutionRecord, SentTransfer, TransferRecord } from '../model/transfer';
import { activityCards, headlineOf } from './activityCards';
import { selectBannerExecution } from './store/selectors';
import type { PopupState } from './store/types';

const send = (n: number, over: Partial<SentTransfer> = {}): SentTransfer => ({
  ...newSentTransfer(transferInput({ txHash: txHash(n) }), n),
  ...over,
});
const loose = (s: SentTransfer): TransferRecord => ({ id: s.txHash, createdAt: s.createdAt, updatedAt: 0, sends: [s] });
const routeOfTwo = (id: string, phase: ExecutionPhase, sends: SentTransfer[], createdAt = 50): ExecutionRecord => {
  const route = twoStepRoute();
  return {
    id,
    createdAt,
    updatedAt: createdAt,
    sends,
    execution: {
      phase,
      step: phase === 'needsSignature' ? 1 : sends.length - 1,
      tabId: 7,
      wallet: { name: 'Dev Wallet' },
      account: ACCOUNT,
      recipient: ACCOUNT,
      choice: {
        fromChainId: 1,
        toChainId: 10,
        fromToken: route.action!.fromToken.address as `0x${string}`,
        toToken: route.action!.toToken.address,
        fromAmount: 1_500_000n,
        slippage: 0.005,
      },
      route,
      allowUnlimited: false,
    },
  };
};
const arrived = {
  status: 'DONE',
  final: true,
  arrival: { state: 'confirmed', amount: '99800000', rpcHost: 'h' },
} as const;

describe('Activity cards', () => {
  it('lists a transfer waiting for the person apart, a flagged one first, then newest first', () => {
    const waiting = routeOfTwo('w', 'needsSignature', [send(1, { step: 0, ...arrived })]);
    const old = loose(send(2));
    const flagged = loose(send(3, { status: 'MISMATCH', final: true }));
    const recent = loose(send(4));
    const { waiting: w, cards } = activityCards([old, waiting, recent, flagged]);
    expect(w.map((r) => r.id)).toEqual(['w']);
    expect(cards.map((r) => r.id)).toEqual([flagged.id, recent.id, old.id]);
  });

  it('ends the headline with what arrived only once the last step did', () => {
    expect(headlineOf(loose(send(1)))).toBe('100 USDC → USDC');
    expect(headlineOf(loose(send(1, arrived)))).toBe('100 USDC → 99.8 USDC');
    // Step 1 of a route to DAI arrived in USDC: not what the person asked for, so not the headline.
    const first = routeOfTwo('r', 'needsSignature', [send(1, { step: 0, ...arrived })]);
    expect(headlineOf(first)).toBe('100 USDC → DAI');
  });
});

describe('the Transfer tab’s banner and the Activity tab’s count', () => {
  const state = (executions: ExecutionRecord[], over: Partial<PopupState> = {}) =>
    ({ executions, executionId: undefined, stage: 'idle', ...over }) as PopupState;

  it('offers the newest transfer that waits for the person, unless the progress shows it already', () => {
    const waiting = routeOfTwo('w', 'needsSignature', [send(1, { step: 0, ...arrived })]);
    const failed = routeOfTwo('f', 'failed', [], 90);
    expect(selectBannerExecution(state([failed, waiting]))?.id).toBe('w');
    expect(selectBannerExecution(state([waiting], { executionId: 'w', stage: 'done' }))).toBeUndefined();
    expect(selectBannerExecution(state([failed]))).toBeUndefined();
  });

  it('counts transactions in flight and transfers waiting for the person, as the toolbar badge does', () => {
    const waiting = routeOfTwo('w', 'needsSignature', [send(1, { step: 0, ...arrived })]);
    expect(attentionCount([waiting, loose(send(2)), loose(send(3, arrived))])).toBe(2);
  });
});
