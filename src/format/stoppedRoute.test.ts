import { describe, expect, it } from 'vitest';
import { twoStepRoute } from '../../testing/popup/fixtures';
import type { Execution } from '../model/transfer';
import { canStopAfterStep, stoppedLabel, stopWords } from './stoppedRoute';

const waiting = (over: Partial<Execution> = {}) =>
  ({ phase: 'needsSignature', step: 1, arrived: '1490000', route: twoStepRoute(), ...over }) as Execution;
const chainName = (id: number) => (id === 10 ? 'Optimism' : String(id));

describe('a route stopped after a step', () => {
  it('asks only while a later step waits with what arrived (ready, declined or cut off there)', () => {
    expect(canStopAfterStep(waiting())).toBe(true);
    expect(canStopAfterStep(waiting({ phase: 'failed' }))).toBe(true);
    expect(canStopAfterStep(waiting({ phase: 'interrupted' }))).toBe(true);
    // Step 1 not sent yet: nothing is on the way, dismissing forgets it as before.
    expect(canStopAfterStep(waiting({ phase: 'failed', step: 0, arrived: undefined }))).toBe(false);
    expect(canStopAfterStep(waiting({ phase: 'stopped' }))).toBe(false);
  });

  it('says where the funds stay and what is not bought, before and after', () => {
    expect(stopWords(waiting(), chainName, 'ask')).toBe('1.49 USDC stays on Optimism; no DAI will be bought.');
    expect(stopWords(waiting({ phase: 'stopped' }), chainName, 'done')).toBe(
      '1.49 USDC stayed on Optimism; no DAI was bought.',
    );
    expect(stoppedLabel(waiting({ phase: 'stopped' }))).toBe('Stopped after step 1');
  });
});
