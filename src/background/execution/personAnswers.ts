import { i18n } from '#i18n';
import { canStopAfterStep } from '../../format/stoppedRoute';
import type { ExecutionRecord } from '../../model/transfer';
import { stepsOf } from '../../signing/routeSteps';
import { WalletStoppedError } from '../../wallet/errors';
import { ExecutionStateError } from './errors';
import type { ExecutionState, Live } from './executionState';

function runningNow(state: ExecutionState, id: string): Live {
  const live = state.running.get(id);
  if (!live) throw new ExecutionStateError(i18n.t('execution.notRunning'));
  return live;
}

/** The person's answer to a worse rate, handed to the run that waits for it. */
export async function answerRate(state: ExecutionState, id: string, accept: boolean): Promise<void> {
  const live = runningNow(state, id);
  const answer = live.answerRate;
  if (!answer) throw new ExecutionStateError(i18n.t('execution.notRunning'));
  live.answerRate = undefined;
  await state.patch(id, { phase: 'running', ratePrompt: undefined });
  answer(accept);
}

/** Stops waiting for the wallet's answer; the execution fails, and can be continued. */
export async function stopWaiting(state: ExecutionState, id: string): Promise<void> {
  const live = runningNow(state, id);
  const message =
    live.stage === 'signing' ? i18n.t('popup.execution.stoppedSigning') : i18n.t('popup.execution.stopped');
  live.tab?.stopWaiting(() => new WalletStoppedError(message));
}

/**
 * Forgets an execution that is not running; what it sent stays in Activity. A route whose later step waits with what
 * the step before delivered is kept, as "Stopped after step n" (the popup asked first): forgotten, its one send would
 * read as the whole transfer completed, and the token the person wanted as silently given up.
 */
export async function dismiss(state: ExecutionState, id: string): Promise<void> {
  if (state.running.has(id)) throw new ExecutionStateError(i18n.t('execution.alreadyRunning'));
  const after = await state.deps.store.update(id, (current) => {
    if (!current?.execution) return current;
    if (current.sends.length === 0) return undefined;
    if (canStopAfterStep(current.execution) && current.sends.length < stepsOf(current.execution.route).length) {
      return { ...current, execution: { ...current.execution, phase: 'stopped' }, updatedAt: state.deps.now() };
    }
    const { execution: _dismissed, ...rest } = current;
    return { ...rest, updatedAt: state.deps.now() };
  });
  // The notification that asked for the next signature now says the route stopped, in place.
  if (after?.execution?.phase === 'stopped') await state.deps.needsPerson?.(after as ExecutionRecord);
}
