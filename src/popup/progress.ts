import { i18n } from '#i18n';
import type { SentTransfer } from '../model/transfer';
import type { ExecutionState } from './store/types';

export type StepState = 'done' | 'current' | 'todo' | 'failed';
export type ProgressStep = { key: string; label: string; state: StepState };

const SIGNING_ORDER: ExecutionState[] = ['switching', 'approving', 'preparing', 'signing', 'submitted'];
const LABELS: Record<string, () => string> = {
  switching: () => i18n.t('popup.progress.switch'),
  approving: () => i18n.t('popup.progress.approve'),
  preparing: () => i18n.t('popup.progress.prepare'),
  signing: () => i18n.t('popup.progress.sign'),
  submitted: () => i18n.t('popup.progress.submitted'),
  bridging: () => i18n.t('popup.progress.bridging'),
  received: () => i18n.t('popup.progress.received'),
};

/** Sub-stages of the approval count as "approving" for display. */
const normalise = (stage: ExecutionState): ExecutionState =>
  stage === 'checking-allowance' || stage === 'resetting-approval' || stage === 'approval-pending'
    ? 'approving'
    : stage;

/** The name of the signing step an execution stopped at (Activity's "Stopped at: …"). */
export const stageLabel = (stage: ExecutionState): string | undefined => LABELS[normalise(stage)]?.();

/**
 * The steps shown while sending: the signing stages from the executor, then bridging and receipt from the
 * tracked transfer the background keeps up to date (so the popup and the notification tell the same story).
 */
export function progressSteps(
  stage: ExecutionState,
  failedAt: ExecutionState | undefined,
  transfer: SentTransfer | undefined,
): ProgressStep[] {
  const current = normalise(stage === 'failed' ? (failedAt ?? 'idle') : stage);
  const sent = stage === 'done' || current === 'submitted';
  const index = sent ? SIGNING_ORDER.length : SIGNING_ORDER.indexOf(current);
  const steps: ProgressStep[] = SIGNING_ORDER.map((key, i) => ({
    key,
    label: LABELS[key]!(),
    state: i < index ? 'done' : i === index ? (stage === 'failed' ? 'failed' : 'current') : 'todo',
  }));
  const status = transfer?.status;
  // MISMATCH / UNVERIFIED: what was sent, or reported, is not what the person approved; never shown as received.
  const failed =
    status === 'FAILED' ||
    status === 'LOST' ||
    status === 'INVALID' ||
    status === 'MISMATCH' ||
    status === 'UNVERIFIED' ||
    status === 'NOT_ARRIVED';
  steps.push({
    key: 'bridging',
    label: LABELS.bridging!(),
    state: !sent ? 'todo' : transfer?.final ? (failed ? 'failed' : 'done') : 'current',
  });
  steps.push({
    key: 'received',
    label:
      transfer?.substatus === 'REFUNDED'
        ? i18n.t('popup.progress.refunded')
        : transfer?.substatus === 'PARTIAL'
          ? i18n.t('popup.progress.receivedOther')
          : LABELS.received!(),
    state: status === 'DONE' ? 'done' : failed && transfer?.final ? 'failed' : 'todo',
  });
  return steps;
}
