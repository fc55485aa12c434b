import { i18n } from '#i18n';

/**
 * Transfer statuses in words, for the popup's activity list and the notifications. Service statuses are the spec's
 * (domain facts); SUBMITTED, LOST and TRACKING_STOPPED are the extension's own (src/background/transfers/).
 */

/** Short labels for the activity list's badge (the catalog's status.*). */
const STATUS_LABELS: Record<string, () => string> = {
  SUBMITTED: () => i18n.t('status.SUBMITTED'),
  NOT_FOUND: () => i18n.t('status.NOT_FOUND'),
  PENDING: () => i18n.t('status.PENDING'),
  DONE: () => i18n.t('status.DONE'),
  FAILED: () => i18n.t('status.FAILED'),
  LOST: () => i18n.t('status.LOST'),
  INVALID: () => i18n.t('status.INVALID'),
  TRACKING_STOPPED: () => i18n.t('status.TRACKING_STOPPED'),
  CANCELLED: () => i18n.t('status.CANCELLED'),
  REPLACED: () => i18n.t('status.REPLACED'),
  MISMATCH: () => i18n.t('status.MISMATCH'),
  UNVERIFIED: () => i18n.t('status.UNVERIFIED'),
  ARRIVING: () => i18n.t('status.ARRIVING'),
  NOT_ARRIVED: () => i18n.t('status.NOT_ARRIVED'),
};

const SUBSTATUS_TEXT: Record<string, () => string> = {
  WAIT_SOURCE_CONFIRMATIONS: () => i18n.t('status.sub.WAIT_SOURCE_CONFIRMATIONS'),
  WAIT_DESTINATION_TRANSACTION: () => i18n.t('status.sub.WAIT_DESTINATION_TRANSACTION'),
  BRIDGE_NOT_AVAILABLE: () => i18n.t('status.sub.BRIDGE_NOT_AVAILABLE'),
  CHAIN_NOT_AVAILABLE: () => i18n.t('status.sub.CHAIN_NOT_AVAILABLE'),
  REFUND_IN_PROGRESS: () => i18n.t('status.sub.REFUND_IN_PROGRESS'),
  INTENT_AWAITING_FUNDS: () => i18n.t('status.sub.INTENT_AWAITING_FUNDS'),
  INTENT_READY: () => i18n.t('status.sub.INTENT_READY'),
  INTENT_EXECUTING: () => i18n.t('status.sub.INTENT_EXECUTING'),
  INTENT_FAILED_RETRYABLE: () => i18n.t('status.sub.INTENT_FAILED_RETRYABLE'),
  INTENT_SIMULATION_FAILURE: () => i18n.t('status.sub.INTENT_SIMULATION_FAILURE'),
  COMPLETED: () => i18n.t('status.sub.COMPLETED'),
  PARTIAL: () => i18n.t('status.sub.PARTIAL'),
  REFUNDED: () => i18n.t('status.sub.REFUNDED'),
};

/** Failure causes in words a person reads (domain facts: FAILED substatuses). */
const FAILURE_CAUSES: Record<string, () => string> = {
  SLIPPAGE_EXCEEDED: () => i18n.t('status.cause.SLIPPAGE_EXCEEDED'),
  INSUFFICIENT_ALLOWANCE: () => i18n.t('status.cause.INSUFFICIENT_ALLOWANCE'),
  INSUFFICIENT_BALANCE: () => i18n.t('status.cause.INSUFFICIENT_BALANCE'),
  OUT_OF_GAS: () => i18n.t('status.cause.OUT_OF_GAS'),
  EXPIRED: () => i18n.t('status.cause.EXPIRED'),
  UNKNOWN_FAILED_ERROR: () => i18n.t('status.cause.UNKNOWN_FAILED_ERROR'),
};

/** A status this list does not know, in lower-case words ("SOME_NEW" → "some new"). */
export const statusWords = (status: string): string => status.toLowerCase().replaceAll('_', ' ');

/** A label for every status the extension records; a status new to this list is shown as the service sent it. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status]?.() ?? status;
}

/** What a substatus means, else the service's own message, else the code itself. */
export function substatusText(substatus: string, serviceMessage?: string): string {
  return SUBSTATUS_TEXT[substatus]?.() ?? serviceMessage ?? substatus;
}

/** Why a FAILED transfer failed: a known cause, else the service's message, else the code. */
export function failureCause(substatus: string | undefined, serviceMessage: string | undefined): string {
  return (
    (substatus && FAILURE_CAUSES[substatus]?.()) ||
    serviceMessage ||
    (substatus ? i18n.t('status.cause.reported', [substatus]) : i18n.t('status.cause.failure'))
  );
}
