import type {
  ExecutionRecord,
  ExecutionStart,
  ExpectedTransfer,
  SendOwner,
  SentTransfer,
  TransferInput,
} from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import type { DestinationGasDeps } from '../../signing/destinationGas';
import type { ExecuteDeps, executeTransfer } from '../../signing/executeTransfer';
import type { TabWallet } from '../../wallet/tabWallet';
import type { TransferStore } from '../transfers/transferStore';
import type { ExecutionDeps } from './executionDeps';
import { createExecutionState } from './executionState';
import { answerRate, dismiss, stopWaiting } from './personAnswers';
import { recoverExecutions } from './recoverExecutions';
import { resumeExecution, startExecution } from './startOrResume';

export { ExecutionStateError } from './errors';
export type { ExecutionDeps, ExecutionSteps } from './executionDeps';
export { pickWallet } from './tabSession';

export type Executions = {
  /** Persists the execution, then starts it without waiting for it; resolves to the stored record. */
  start(input: ExecutionStart): Promise<ExecutionRecord>;
  /**
   * Runs a failed or interrupted execution again from the top (allowances are read again: nothing twice), through
   * `tabId`'s wallet when given: the tab it started in may be gone (closed, or a browser restart), and the person
   * continues from the popup of the tab they have their wallet in now.
   */
  resume(id: string, tabId?: number): Promise<ExecutionRecord>;
  /** The person's answer to a worse rate. */
  answerRate(id: string, accept: boolean): Promise<void>;
  /** Stops waiting for the wallet's answer; the execution fails, and can be continued. */
  stopWaiting(id: string): Promise<void>;
  /** Forgets an execution that is not running. */
  dismiss(id: string): Promise<void>;
  /**
   * At worker start: executions this worker does not run were cut off by the worker stopping; a step that reached
   * its outcome while no worker ran (stored by an older version) moves its execution on.
   */
  recover(): Promise<void>;
};

/**
 * The executions of this worker, by stage: started or resumed (startOrResume.ts), each run planned, its wallet opened
 * and signed (runExecution.ts), the person's answers while it runs (personAnswers.ts), and recovery at worker start
 * (recoverExecutions.ts).
 */
export function createExecutions(deps: ExecutionDeps): Executions {
  const state = createExecutionState(deps);
  return {
    start: (input) => startExecution(state, input),
    resume: (id, tabId) => resumeExecution(state, id, tabId),
    answerRate: (id, accept) => answerRate(state, id, accept),
    stopWaiting: (id) => stopWaiting(state, id),
    dismiss: (id) => dismiss(state, id),
    recover: () => recoverExecutions(state),
  };
}
