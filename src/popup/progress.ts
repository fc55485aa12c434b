import { i18n } from '#i18n';
import { formatAmount } from '../format/amount';
import { receivedOnChain } from '../format/receivedAmount';
import type { ExecutionStage, SentTransfer } from '../model/transfer';
import type { ExecutionState } from './store/types';

/** `unrecorded`: a network switch or an approval an older record does not say was needed: neither done nor skipped. */
export type StepState = 'done' | 'skipped' | 'unrecorded' | 'current' | 'todo' | 'failed';
export type ProgressStep = { key: string; label: string; state: StepState };

/** What the checklist names: the chains of the step under way and the token it spends. */
export type ProgressContext = {
  fromChain: string;
  toChain: string;
  fromSymbol: string;
  /**
   * The stages the attempt went through (stagesPassed in src/model/transfer.ts): `'unrecorded'` for an attempt
   * recorded before they were kept; `undefined` before any is reported.
   */
  passed?: readonly ExecutionStage[] | 'unrecorded';
};

const SIGNING_ORDER: ExecutionState[] = ['switching', 'approving', 'preparing', 'signing', 'submitted'];

/** Sub-stages of the approval count as "approving" for display. */
const normalise = (stage: ExecutionState): ExecutionState =>
  stage === 'checking-allowance' || stage === 'resetting-approval' || stage === 'approval-pending'
    ? 'approving'
    : stage;

/** The stages that mean the wallet was asked for it: a step none of them passed through was not needed. */
const ASKED: Partial<Record<ExecutionState, readonly ExecutionStage[]>> = {
  switching: ['switching'],
  approving: ['resetting-approval', 'approving', 'approval-pending'],
};

/** Each signing step in the person's words: to do (or under way), done, and not needed. */
function signingLabel(key: ExecutionState, state: StepState, c: ProgressContext): string {
  switch (key) {
    case 'switching':
      if (state === 'unrecorded') return i18n.t('popup.progress.step.switchUnrecorded', [c.fromChain]);
      if (state === 'skipped') return i18n.t('popup.progress.step.switchSkipped', [c.fromChain]);
      return state === 'done'
        ? i18n.t('popup.progress.step.switched', [c.fromChain])
        : i18n.t('popup.progress.step.switch', [c.fromChain]);
    case 'approving':
      if (state === 'unrecorded') return i18n.t('popup.progress.step.approveUnrecorded', [c.fromSymbol]);
      if (state === 'skipped') return i18n.t('popup.progress.step.approveSkipped');
      return state === 'done'
        ? i18n.t('popup.progress.step.approved', [c.fromSymbol])
        : i18n.t('popup.progress.step.approve', [c.fromSymbol]);
    case 'preparing':
      return state === 'done' ? i18n.t('popup.progress.step.checked') : i18n.t('popup.progress.step.check');
    case 'signing':
      return state === 'done' ? i18n.t('popup.progress.step.confirmed') : i18n.t('popup.progress.step.confirm');
    default:
      return state === 'done'
        ? i18n.t('popup.progress.step.sent', [c.fromChain])
        : i18n.t('popup.progress.step.send', [c.fromChain]);
  }
}

/** The name of the signing step an execution stopped at (Activity's "Stopped at: …"). */
export const stageLabel = (stage: ExecutionState, context: ProgressContext): string | undefined => {
  const key = normalise(stage);
  return SIGNING_ORDER.includes(key) ? signingLabel(key, 'todo', context) : undefined;
};

/** The trip between the chains: a bridge, or a swap when the step stays on one chain. */
function travelLabel(state: StepState, c: ProgressContext): string {
  if (c.fromChain === c.toChain) {
    if (state === 'current') return i18n.t('popup.progress.step.swapping', [c.toChain]);
    return state === 'done'
      ? i18n.t('popup.progress.step.swapped', [c.toChain])
      : i18n.t('popup.progress.step.swap', [c.toChain]);
  }
  if (state === 'current') return i18n.t('popup.progress.step.travelling', [c.toChain]);
  return state === 'done'
    ? i18n.t('popup.progress.step.travelled', [c.toChain])
    : i18n.t('popup.progress.step.travel', [c.toChain]);
}

/**
 * The last line: what arrived, with the amount the destination chain's trusted RPC read (never the service's
 * figure), or what is still to come.
 */
function receivedLabel(transfer: SentTransfer | undefined, state: StepState, c: ProgressContext): string {
  const chain = c.toChain;
  if (state === 'failed') return i18n.t('popup.progress.step.notReceived');
  if (state !== 'done' || !transfer) return i18n.t('popup.progress.step.receive', [chain]);
  const got = receivedOnChain(transfer);
  const amount = got && `${formatAmount(got.amount, got.token.decimals)} ${got.token.symbol}`;
  if (transfer.substatus === 'REFUNDED') {
    return amount
      ? i18n.t('popup.progress.step.refundedAmount', [amount, c.fromChain])
      : i18n.t('popup.progress.step.refunded', [c.fromChain]);
  }
  if (transfer.substatus === 'PARTIAL') {
    return amount
      ? i18n.t('popup.progress.step.receivedOtherAmount', [amount, chain])
      : i18n.t('popup.progress.step.receivedOther', [chain]);
  }
  return amount
    ? i18n.t('popup.progress.step.receivedAmount', [amount, chain])
    : i18n.t('popup.progress.step.received', [chain]);
}

/**
 * The line under a send handed to the chain: on its way (follow it), arrived, or ended otherwise (Activity says what
 * to do). "Sent" must not stay once the funds arrived or did not.
 */
export function sentLine(transfer: SentTransfer | undefined): { text: string; tone: 'ok' | 'notice' } {
  if (!transfer?.final) return { text: i18n.t('popup.progress.sent'), tone: 'ok' };
  if (transfer.status !== 'DONE') return { text: i18n.t('popup.progress.endedOther'), tone: 'notice' };
  // "Arrived" is the chain's word: an arrival nobody could read there is the service's word, and said as such.
  return transfer.arrival?.state === 'unchecked'
    ? { text: i18n.t('popup.progress.arrivedUnchecked'), tone: 'notice' }
    : { text: i18n.t('popup.progress.arrived'), tone: 'ok' };
}

/**
 * The steps shown while sending: the signing stages from the executor, then the trip and the receipt from the
 * tracked transfer the background keeps up to date (so the popup and the notification tell the same story). A
 * network switch or an approval the attempt did not need shows as skipped, not as done; one an older record does not
 * say was needed, as unrecorded.
 */
export function progressSteps(
  stage: ExecutionState,
  failedAt: ExecutionState | undefined,
  transfer: SentTransfer | undefined,
  context: ProgressContext,
): ProgressStep[] {
  const current = normalise(stage === 'failed' ? (failedAt ?? 'idle') : stage);
  const sent = stage === 'done' || current === 'submitted';
  const index = sent ? SIGNING_ORDER.length : SIGNING_ORDER.indexOf(current);
  const steps: ProgressStep[] = SIGNING_ORDER.map((key, i) => {
    const asked = ASKED[key];
    const { passed } = context;
    const behind: StepState =
      asked === undefined || passed === undefined
        ? 'done'
        : passed === 'unrecorded'
          ? 'unrecorded'
          : asked.some((s) => passed.includes(s))
            ? 'done'
            : 'skipped';
    const state: StepState = i < index ? behind : i === index ? (stage === 'failed' ? 'failed' : 'current') : 'todo';
    return { key, label: signingLabel(key, state, context), state };
  });
  const status = transfer?.status;
  // MISMATCH / UNVERIFIED: what was sent, or reported, is not what the person approved; never shown as received.
  const failed =
    status === 'FAILED' ||
    status === 'LOST' ||
    status === 'INVALID' ||
    status === 'MISMATCH' ||
    status === 'UNVERIFIED' ||
    status === 'NOT_ARRIVED' ||
    status === 'CANCELLED' ||
    status === 'REPLACED';
  const travel: StepState = !sent ? 'todo' : transfer?.final ? (failed ? 'failed' : 'done') : 'current';
  steps.push({ key: 'bridging', label: travelLabel(travel, context), state: travel });
  const received: StepState = status === 'DONE' ? 'done' : failed && transfer?.final ? 'failed' : 'todo';
  steps.push({ key: 'received', label: receivedLabel(transfer, received, context), state: received });
  return steps;
}
