/**
 * Transfer statuses in words, for the popup's activity list and the notifications. Service statuses are the spec's
 * (domain facts); SUBMITTED, LOST and TRACKING_STOPPED are the extension's own (src/background/transfers/).
 */

/** Short labels for the activity list's badge. */
const STATUS_LABELS: Record<string, string> = {
  SUBMITTED: 'Submitted',
  NOT_FOUND: 'Waiting for the chain',
  PENDING: 'In progress',
  DONE: 'Completed',
  FAILED: 'Failed',
  LOST: 'Not found',
  INVALID: 'Unknown to the bridge',
  TRACKING_STOPPED: 'Still unconfirmed',
  MISMATCH: 'Not what you approved',
  UNVERIFIED: 'Not verified',
};

const SUBSTATUS_TEXT: Record<string, string> = {
  WAIT_SOURCE_CONFIRMATIONS: 'waiting for confirmations on the source chain',
  WAIT_DESTINATION_TRANSACTION: 'waiting for the destination transaction',
  BRIDGE_NOT_AVAILABLE: 'bridge temporarily unavailable',
  CHAIN_NOT_AVAILABLE: 'chain temporarily unavailable',
  REFUND_IN_PROGRESS: 'refund in progress',
  COMPLETED: 'received',
  PARTIAL: 'received a different token',
  REFUNDED: 'refunded to you',
};

/** Failure causes in words a person reads (domain facts: FAILED substatuses). */
const FAILURE_CAUSES: Record<string, string> = {
  SLIPPAGE_EXCEEDED: 'the price moved beyond your slippage',
  INSUFFICIENT_ALLOWANCE: 'the token approval was too low',
  INSUFFICIENT_BALANCE: 'the balance was too low',
  OUT_OF_GAS: 'the transaction ran out of gas',
  EXPIRED: 'the quote expired before the transaction was sent',
  UNKNOWN_FAILED_ERROR: 'the bridge reported an unknown error',
};

/** A status this list does not know, in lower-case words ("SOME_NEW" → "some new"). */
export const statusWords = (status: string): string => status.toLowerCase().replaceAll('_', ' ');

/** A label for every status the extension records; a status new to this list is shown as the service sent it. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** What a substatus means, else the service's own message, else the code itself. */
export function substatusText(substatus: string, serviceMessage?: string): string {
  return SUBSTATUS_TEXT[substatus] ?? serviceMessage ?? substatus;
}

/** Why a FAILED transfer failed: a known cause, else the service's message, else the code. */
export function failureCause(substatus: string | undefined, serviceMessage: string | undefined): string {
  return (
    (substatus && FAILURE_CAUSES[substatus]) ??
    serviceMessage ??
    (substatus ? `the bridge reported ${substatus}` : 'the bridge reported a failure')
  );
}
