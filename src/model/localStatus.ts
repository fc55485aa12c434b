import type { SentTransfer } from './transfer';

/**
 * Statuses this extension writes itself (the service's are kept as sent, known or not). Here, beside the record's
 * type, so the popup reads them without importing the background (src/background/transfers/transferStatus.ts folds
 * them).
 */
export const LOCAL_STATUS = {
  /** Recorded, no answer from the service yet. */
  submitted: 'SUBMITTED',
  /** NOT_FOUND for the whole grace period. */
  lost: 'LOST',
  /** No final answer within the give-up bound. */
  trackingStopped: 'TRACKING_STOPPED',
  /** The sent transaction, or the service's final status, is not what the person approved (sentCheck.ts). */
  mismatch: 'MISMATCH',
  /** The sent transaction was not found on chain, or could not be read, within the bound. */
  unverified: 'UNVERIFIED',
  /** The service reports arrival (DONE); the destination chain's trusted RPC is being read (arrivalConfirm.ts). */
  arriving: 'ARRIVING',
  /** The service reported an arrival the destination chain does not show. */
  notArrived: 'NOT_ARRIVED',
  /** The wallet cancelled the sent transaction (another at its nonce that does nothing): nothing was sent. */
  cancelled: 'CANCELLED',
  /** The wallet replaced the sent transaction with one that is not what the person approved. */
  replaced: 'REPLACED',
} as const;

/** Outcomes that say the transfer may not be the person's: shown first, with a warning. */
export const isFlagged = (record: Pick<SentTransfer, 'status'>): boolean =>
  record.status === LOCAL_STATUS.mismatch ||
  record.status === LOCAL_STATUS.unverified ||
  record.status === LOCAL_STATUS.notArrived ||
  record.status === LOCAL_STATUS.replaced;
