import { describe, expect, it } from 'vitest';
import type { ExecutionRecord } from '../../model/transfer';
import { stateOfExecution } from './executionSlice';

/** A failed execution whose reason was stored in German; only what stateOfExecution reads of a stopped one. */
const stoppedIn = (execution: Partial<ExecutionRecord['execution']>) =>
  ({
    id: 'x',
    sends: [],
    execution: { phase: 'failed', stoppedAt: 'signing', error: 'Einstellungen', ...execution },
  }) as unknown as ExecutionRecord;

describe("a stopped execution's reason in the progress", () => {
  it('is said in the language spoken now when its words were stored, else shown as stored', () => {
    expect(stateOfExecution(stoppedIn({ errorWords: { key: 'popup_tabs_settings' } }))).toMatchObject({
      stage: 'failed',
      executionError: 'Settings',
    });
    expect(stateOfExecution(stoppedIn({})).executionError).toBe('Einstellungen');
    expect(stateOfExecution(stoppedIn({ errorWords: { key: 'no_such_message' } })).executionError).toBe(
      'Einstellungen',
    );
  });
});
