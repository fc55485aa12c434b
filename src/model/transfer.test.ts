import { describe, expect, it } from 'vitest';
import { ACCOUNT, makeRoute, USDC_1, USDC_10 } from '../../testing/popup/fixtures';
import { type Execution, stagesPassed } from './transfer';

const execution = (over: Partial<Execution>): Execution => ({
  phase: 'running',
  tabId: 7,
  wallet: { name: 'Dev Wallet' },
  account: ACCOUNT,
  recipient: ACCOUNT,
  choice: {
    fromChainId: 1,
    toChainId: 10,
    fromToken: USDC_1,
    toToken: USDC_10,
    fromAmount: '1500000',
    slippage: 0.005,
  },
  route: makeRoute(),
  allowUnlimited: false,
  ...over,
});

describe('stagesPassed', () => {
  it('reads the stages the attempt went through', () => {
    const passed = ['checking-allowance', 'preparing', 'signing', 'submitted'] as const;
    expect(stagesPassed(execution({ phase: 'sent', stage: 'submitted', passed: [...passed] }))).toEqual(passed);
    // A step after an arrival: the list of the attempt that sent the step before.
    expect(stagesPassed(execution({ phase: 'needsSignature', step: 1, passed: [...passed] }))).toEqual(passed);
  });

  it('says an older record does not tell which stages its attempt went through', () => {
    // Stored before `passed` was kept: sent, stopped at a stage, under way at one, or waiting for the next step.
    expect(stagesPassed(execution({ phase: 'sent', stage: 'submitted' }))).toBe('unrecorded');
    expect(stagesPassed(execution({ phase: 'bridging', stage: 'submitted' }))).toBe('unrecorded');
    expect(stagesPassed(execution({ phase: 'failed', stoppedAt: 'signing', error: 'declined' }))).toBe('unrecorded');
    expect(stagesPassed(execution({ phase: 'interrupted', stoppedAt: 'approving' }))).toBe('unrecorded');
    expect(stagesPassed(execution({ phase: 'running', stage: 'signing' }))).toBe('unrecorded');
    expect(stagesPassed(execution({ phase: 'needsSignature', step: 1, arrived: '1495000' }))).toBe('unrecorded');
  });

  it('knows nothing yet of an attempt that has not reported a stage', () => {
    expect(stagesPassed(execution({ phase: 'running' }))).toBeUndefined();
    // Stopped before its first stage (the wallet was gone): it passed none.
    expect(stagesPassed(execution({ phase: 'interrupted', error: 'gone' }))).toBeUndefined();
  });
});
