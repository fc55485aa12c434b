import { userMessage } from '../../errors/userMessage';
import type { ExecutionRecord, SendOwner } from '../../model/transfer';
import { WalletUnavailableError } from '../../wallet/errors';
import type { ExecutionState, Live } from './executionState';
import { stopped } from './followStep';
import { planRun } from './planRun';
import { stepCallbacks } from './stepCallbacks';
import { openTabSession } from './tabSession';

/**
 * Runs the execution's current step: plans and checks it, opens the person's wallet in the tab, hands both to the
 * signing flow, and stores how it ended. Keeps the worker awake meanwhile; never rejects.
 */
export async function runExecution(state: ExecutionState, record: ExecutionRecord): Promise<void> {
  const { deps, running } = state;
  const { id, execution } = record;
  const live: Live = {};
  running.set(id, live);
  const release = deps.keepAlive();
  try {
    const step = await planRun(deps, execution);
    const session = await openTabSession(deps, execution, live);
    const owner: SendOwner = { executionId: id, step: step.index };
    await state.execute(
      {
        session,
        choice: step.choice,
        route: step.route,
        fromChain: step.fromChain,
        account: execution.account,
        recipient: step.recipient,
        allowUnlimited: execution.allowUnlimited,
        ...stepCallbacks(state, id, live, step),
      },
      {
        ...deps.steps,
        trackTransfer: (input) => deps.steps.trackTransfer(input, owner),
        expectTransfer: (data) => deps.steps.expectTransfer({ ...data, owner }),
      },
    );
  } catch (err) {
    await storeFailure(state, id, live, err);
  } finally {
    live.tab?.close();
    running.delete(id);
    release();
  }
}

/** A run that threw stops, saying why; one cut off by its wallet waits for the person, who is told. */
async function storeFailure(state: ExecutionState, id: string, live: Live, err: unknown): Promise<void> {
  // The tab, its wallet or its account went away: nobody decided anything, the person continues when back.
  const interrupted = err instanceof WalletUnavailableError;
  const after = await state.updateExecution(id, (current) =>
    current.phase === 'sent' || current.phase === 'bridging'
      ? current
      : stopped(current, interrupted ? 'interrupted' : 'failed', userMessage(err), live.stage ?? current.stage),
  );
  if (after?.execution.phase === 'interrupted') await state.deps.needsPerson?.(after);
}
