import { i18n } from '#i18n';
import type { ExecutionState } from './executionState';
import { followStep, stopped } from './followStep';

/**
 * At worker start: executions this worker does not run were cut off by the worker stopping (the person is told); a
 * step that reached its outcome while no worker ran (stored by an older version) moves its execution on.
 */
export async function recoverExecutions(state: ExecutionState): Promise<void> {
  const { deps, running } = state;
  for (const record of Object.values(await deps.store.all())) {
    const phase = record.execution?.phase;
    if (phase === 'bridging') {
      // Told to the person as any step's outcome is: by the store's change listener (followStep.ts, steppedOn).
      await deps.store.update(record.id, (current) => (current ? followStep(current, deps.now()) : current));
      continue;
    }
    if ((phase !== 'running' && phase !== 'needsRate') || running.has(record.id)) continue;
    const after = await state.updateExecution(record.id, (current) =>
      current.phase === 'running' || current.phase === 'needsRate'
        ? stopped(current, 'interrupted', i18n.t('execution.workerStopped'), current.stage)
        : current,
    );
    if (after?.execution.phase === 'interrupted') await deps.needsPerson?.(after);
  }
}
