import { describe, expect, it } from 'vitest';
import { makeExecution } from '../../testing/popup/fixtures';
import { stagesPassed } from './transfer';

describe('stagesPassed', () => {
  it('reads the stages the attempt went through', () => {
    const passed = ['checking-allowance', 'preparing', 'signing', 'submitted'] as const;
    expect(stagesPassed(makeExecution({ phase: 'sent', stage: 'submitted', passed: [...passed] }))).toEqual(passed);
    // A step after an arrival: the list of the attempt that sent the step before.
    expect(stagesPassed(makeExecution({ phase: 'needsSignature', step: 1, passed: [...passed] }))).toEqual(passed);
  });

  it('says an older record does not tell which stages its attempt went through', () => {
    // Stored before `passed` was kept: sent, stopped at a stage, under way at one, or waiting for the next step.
    expect(stagesPassed(makeExecution({ phase: 'sent', stage: 'submitted' }))).toBe('unrecorded');
    expect(stagesPassed(makeExecution({ phase: 'bridging', stage: 'submitted' }))).toBe('unrecorded');
    expect(stagesPassed(makeExecution({ phase: 'failed', stoppedAt: 'signing', error: 'declined' }))).toBe(
      'unrecorded',
    );
    expect(stagesPassed(makeExecution({ phase: 'interrupted', stoppedAt: 'approving' }))).toBe('unrecorded');
    expect(stagesPassed(makeExecution({ phase: 'running', stage: 'signing' }))).toBe('unrecorded');
    expect(stagesPassed(makeExecution({ phase: 'needsSignature', step: 1, arrived: '1495000' }))).toBe('unrecorded');
  });

  it('knows nothing yet of an attempt that has not reported a stage', () => {
    expect(stagesPassed(makeExecution({ phase: 'running' }))).toBeUndefined();
    // Stopped before its first stage (the wallet was gone): it passed none.
    expect(stagesPassed(makeExecution({ phase: 'interrupted', error: 'gone' }))).toBeUndefined();
  });
});
