import { i18n } from '#i18n';
import type { ExecutionRecord, ExecutionStart } from '../../model/transfer';
import { ExecutionStateError } from './errors';
import type { ExecutionState } from './executionState';
import { runExecution } from './runExecution';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Persists a confirmed transfer's execution before the wallet is asked anything, then runs it without waiting. */
export async function startExecution(state: ExecutionState, input: ExecutionStart): Promise<ExecutionRecord> {
  const now = state.deps.now();
  const id = randomId();
  const record: ExecutionRecord = {
    id,
    createdAt: now,
    updatedAt: now,
    execution: { ...input, phase: 'running' },
    sends: [],
  };
  await state.deps.store.update(id, () => record);
  void runExecution(state, record);
  return record;
}

/** Runs a failed, interrupted or waiting execution again from the top, through `tabId`'s wallet when given. */
export async function resumeExecution(state: ExecutionState, id: string, tabId?: number): Promise<ExecutionRecord> {
  if (state.running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
  const current = (await state.deps.store.get(id))?.execution;
  if (!current) throw new ExecutionStateError(i18n.t('execution.unknown'));
  if (current.phase !== 'failed' && current.phase !== 'interrupted' && current.phase !== 'needsSignature') {
    throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
  }
  const record = (await state.patch(id, {
    ...(tabId === undefined ? {} : { tabId }),
    phase: 'running',
    stage: undefined,
    passed: undefined,
    stoppedAt: undefined,
    error: undefined,
    errorWords: undefined,
  }))!;
  void runExecution(state, record);
  return record;
}
