import { describe, expect, it } from 'vitest';
import type { SentTransfer } from '../model/transfer';
import { progressSteps } from './progress';

const states = (steps: ReturnType<typeof progressSteps>) => steps.map((s) => `${s.key}:${s.state}`);
const record = (over: Partial<SentTransfer>) => ({ status: 'PENDING', final: false, ...over }) as SentTransfer;

describe('progressSteps', () => {
  it('follows the signing stages', () => {
    expect(states(progressSteps('approval-pending', undefined, undefined))).toEqual([
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
    expect(states(progressSteps('failed', 'signing', undefined)).slice(3, 5)).toEqual([
      'signing:failed',
      'submitted:todo',
    ]);
  });
  it('follows the tracked transfer after sending', () => {
    expect(states(progressSteps('done', undefined, record({}))).slice(4)).toEqual([
      'submitted:done',
      'bridging:current',
      'received:todo',
    ]);
    expect(
      states(progressSteps('done', undefined, record({ status: 'DONE', substatus: 'COMPLETED', final: true }))).slice(
        5,
      ),
    ).toEqual(['bridging:done', 'received:done']);
    const refunded = progressSteps('done', undefined, record({ status: 'DONE', substatus: 'REFUNDED', final: true }));
    expect(refunded.at(-1)?.label).toBe('Refunded');
    expect(states(progressSteps('done', undefined, record({ status: 'FAILED', final: true }))).slice(5)).toEqual([
      'bridging:failed',
      'received:failed',
    ]);
  });
});
