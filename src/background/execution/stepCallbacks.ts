import type { TransferRecord, TransfersById } from '../../model/transfer';
import type { ExecuteInput } from '../../signing/executeTransfer';
import { findSend } from '../transfers/records';
import { newSentTransfer } from '../transfers/transferStatus';
import type { ExecutionState, Live } from './executionState';

type Callbacks = Pick<ExecuteInput, 'onStage' | 'onNotice' | 'confirmNewRate' | 'onSubmitted'>;

/**
 * What the signing flow tells the execution as it goes, each written to the stored execution: the stage, a notice,
 * a worse rate to ask the person about, the transaction sent.
 */
export function stepCallbacks(
  state: ExecutionState,
  id: string,
  live: Live,
  step: { index: number; last: boolean },
): Callbacks {
  const { deps, patch } = state;
  return {
    onStage: (stage) => {
      live.stage = stage;
      live.passed = [...(live.passed ?? []), stage];
      void patch(id, { stage, passed: live.passed });
    },
    onNotice: (notice) => void patch(id, { notice }),
    confirmNewRate: (previousMin, newMin) =>
      new Promise<boolean>((resolve) => {
        live.answerRate = resolve;
        void patch(id, {
          phase: 'needsRate',
          ratePrompt: { previousMin: previousMin.toString(), newMin: newMin.toString() },
        }).then((waiting) => waiting && deps.needsPerson?.(waiting));
      }),
    onSubmitted: (hash, input) =>
      void deps.store.update(id, (current, all) => withSubmitted(current, all, { hash, input, ...step }, deps.now())),
  };
}

/**
 * The execution's record once its step's transaction was sent. The hash is written here, once; the tracker finds it
 * and the relay's report of it changes nothing. A hash some other record already holds is refused by the tracker
 * (ReusedHashError).
 */
function withSubmitted(
  current: TransferRecord | undefined,
  all: TransfersById,
  sent: { hash: `0x${string}`; input: Parameters<Callbacks['onSubmitted']>[1]; index: number; last: boolean },
  now: number,
): TransferRecord | undefined {
  if (!current?.execution) return current;
  const known = findSend(all, sent.hash);
  return {
    ...current,
    updatedAt: now,
    execution: {
      ...current.execution,
      // Before the last step, the funds travel on; the next step waits for them (followStep.ts).
      phase: sent.last ? 'sent' : 'bridging',
      stage: 'submitted',
      ratePrompt: undefined,
    },
    sends: known
      ? current.sends
      : [
          ...current.sends,
          // Due at once: the tracker reads the sent transaction right after.
          { ...newSentTransfer({ ...sent.input, txHash: sent.hash }, now), step: sent.index, nextCheckAt: now },
        ],
  };
}
