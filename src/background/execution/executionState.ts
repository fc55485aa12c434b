import type { Execution, ExecutionRecord, ExecutionStage } from '../../model/transfer';
import { executeTransfer } from '../../signing/executeTransfer';
import type { TabWallet } from '../../wallet/tabWallet';
import type { ExecutionDeps } from './executionDeps';

/** What the worker holds of an execution it runs now (nothing of it is stored). */
export type Live = {
  tab?: TabWallet;
  answerRate?: (accept: boolean) => void;
  stage?: Execution['stage'];
  /** The stages this run went through, in order (stored as `passed`). */
  passed?: ExecutionStage[];
};

/** The executions of this worker: their deps, the ones it runs now, and the writes of a stored execution. */
export type ExecutionState = {
  deps: ExecutionDeps;
  running: Map<string, Live>;
  execute: typeof executeTransfer;
  /** Applies `fn` to the execution of record `id` (a record without one, or gone, is left as it is). */
  updateExecution(
    id: string,
    fn: (current: Execution, record: ExecutionRecord) => Execution,
  ): Promise<ExecutionRecord | undefined>;
  patch(id: string, changes: Partial<Execution>): Promise<ExecutionRecord | undefined>;
};

export function createExecutionState(deps: ExecutionDeps): ExecutionState {
  const updateExecution: ExecutionState['updateExecution'] = (id, fn) =>
    deps.store.update(id, (record) => {
      if (!record?.execution) return record;
      const next = fn(record.execution, record as ExecutionRecord);
      return next === record.execution ? record : { ...record, execution: next, updatedAt: deps.now() };
    }) as Promise<ExecutionRecord | undefined>;
  return {
    deps,
    running: new Map(),
    execute: deps.execute ?? executeTransfer,
    updateExecution,
    patch: (id, changes) => updateExecution(id, (current) => ({ ...current, ...changes })),
  };
}
