import { i18n } from '#i18n';
import { statusLabel, substatusText } from '../../format/status';
import { LOCAL_STATUS } from '../../model/localStatus';
import { currentSend, type Execution, type TransferRecord } from '../../model/transfer';
import { producedWords } from '../language';

/**
 * The record of an execution that stopped at `stage`, saying why; Continue starts it again from there. The reason's
 * words are kept beside it when the worker just made it, so Activity says it in the language chosen later.
 */
export const stopped = (
  execution: Execution,
  phase: 'interrupted' | 'failed',
  error: string,
  stage: Execution['stage'],
  words = producedWords.wordsOf(error),
): Execution => ({
  ...execution,
  phase,
  stoppedAt: stage,
  stage: undefined,
  ratePrompt: undefined,
  error,
  errorWords: words,
});

/**
 * A step before the last was sent and has reached an outcome: it arrived, and the next step waits for the person's
 * signature (with what arrived), or it ended otherwise and the execution stops, saying how. Applied in the same write
 * as the outcome (src/background/transfers/transferStore.ts), so the two cannot disagree. Pure.
 */
export function followStep(record: TransferRecord, now: number): TransferRecord {
  const { execution } = record;
  if (execution?.phase !== 'bridging') return record;
  const send = currentSend(record);
  if (!send?.final) return record;
  // What the destination chain showed arriving (arrivalConfirm.ts), never the service's figure for it: the next step
  // spends exactly this, and is not offered at all unless the chain confirmed the arrival.
  const arrived = send.arrival?.state === 'confirmed' ? send.arrival.amount : undefined;
  const complete =
    send.status === 'DONE' &&
    (send.substatus === undefined || send.substatus === 'COMPLETED') &&
    arrived !== undefined &&
    /^[1-9][0-9]*$/.test(arrived);
  const next = (execution.step ?? 0) + 1;
  const followed: Execution = complete
    ? { ...execution, phase: 'needsSignature', step: next, arrived, stage: undefined }
    : stopped(
        execution,
        'failed',
        // Human step numbers: the one that did not start is the next one, counted from 1.
        i18n.t('execution.stepEnded', [
          String(next + 1),
          send.status === 'DONE' && send.arrival?.state !== 'confirmed'
            ? i18n.t('execution.arrivalUnchecked')
            : // A substatus is the service's word, which the chain contradicted: not repeated beside "Not arrived".
              send.substatus && send.status !== LOCAL_STATUS.notArrived
              ? `${statusLabel(send.status)}, ${substatusText(send.substatus, send.substatusMessage)}`
              : statusLabel(send.status),
        ]),
        'submitted',
      );
  return { ...record, execution: followed, updatedAt: now };
}

/** Whether a write moved an execution on from bridging (then the person has something to do: a notification). */
export const steppedOn = (before: TransferRecord | undefined, after: TransferRecord | undefined): boolean =>
  before?.execution?.phase === 'bridging' && after?.execution !== undefined && after.execution.phase !== 'bridging';
