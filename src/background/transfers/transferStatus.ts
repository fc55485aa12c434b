import { i18n } from '#i18n';
import { safeLink } from '../../format/links';
import { LOCAL_STATUS } from '../../model/localStatus';
import type { SentTransfer, TransferInput } from '../../model/transfer';
import { toChainIdNumber } from '../../schemas/primitives';
import type { StatusResponse } from '../../schemas/status';
import { nameLookedUpTokens, withStatusStep } from '../lookup/lookedUpStatus';
import { awaitingArrival, confirmingArrival } from './arrivalConfirm';
import { NOT_FOUND_GRACE_MS, NOT_FOUND_MIN_ANSWERS } from './schedule';
import { compareStatus } from './statusCheck';

export { isFlagged, LOCAL_STATUS } from '../../model/localStatus';

/** Service statuses after which nothing changes any more (INVALID: "terminal-unknown", domain facts). */
const FINAL_SERVICE_STATUSES = new Set(['DONE', 'FAILED', 'INVALID']);

/** Still waiting for the service to see the source transaction. */
const isUnseen = (record: SentTransfer) => record.status === LOCAL_STATUS.submitted || record.status === 'NOT_FOUND';

export function newSentTransfer(input: TransferInput, now: number): SentTransfer {
  return {
    ...input,
    createdAt: now,
    updatedAt: now,
    status: LOCAL_STATUS.submitted,
    sentCheck: { state: 'pending', attempts: 0 },
    final: false,
    checks: 0,
    consecutiveErrors: 0,
  };
}

/**
 * Folds one status answer into the record. Pure. A final record never changes: a stale PENDING (a lagging replica,
 * a retry that raced the DONE) cannot overwrite a terminal state, which is the complaint wallets hear most.
 */
export function applyStatus(record: SentTransfer, answer: StatusResponse, now: number): SentTransfer {
  // Once the service reported arrival, only the destination chain settles it: a later answer changes nothing.
  if (record.final || awaitingArrival(record)) return record;
  const base: SentTransfer = nameLookedUpTokens(
    {
      ...record,
      updatedAt: now,
      checks: record.checks + 1,
      consecutiveErrors: 0,
      lastError: undefined,
      history: withStatusStep(record.history, answer, now),
    },
    answer,
  );

  if (answer.status === 'NOT_FOUND') {
    // Seen before and now unknown: the service lost it for a moment; keep what we knew.
    if (!isUnseen(record)) return base;
    const graceOver = now - record.createdAt >= NOT_FOUND_GRACE_MS && base.checks >= NOT_FOUND_MIN_ANSWERS;
    // Not mined on the source chain yet, as its late nonce watch reads it (lateNonceWatch.ts): the service cannot
    // have seen it, and the wallet may still speed it up or cancel it. The give-up bound ends a wait that never ends.
    const pendingOnChain = record.sentCheck.state === 'verified' && record.nonceWatch !== undefined;
    if (!graceOver || pendingOnChain) return { ...base, status: 'NOT_FOUND' };
    return { ...base, status: LOCAL_STATUS.lost, final: true, substatus: undefined, substatusMessage: lostGuidance() };
  }

  const differences = compareStatus(base, answer);
  if (differences.length > 0) {
    // Not celebrated: what the service says was received is not what this transfer could deliver.
    return {
      ...base,
      status: LOCAL_STATUS.mismatch,
      substatus: answer.substatus,
      substatusMessage: answer.substatusMessage,
      statusDifferences: differences,
      final: true,
    };
  }

  const receiving = answer.receiving;
  // The service's DONE is its word: the record waits for the destination chain to show it (arrivalConfirm.ts).
  const done = answer.status === 'DONE';
  return {
    ...base,
    status: done ? LOCAL_STATUS.arriving : answer.status,
    ...(done ? { arrival: confirmingArrival() } : {}),
    substatus: answer.substatus,
    substatusMessage: answer.substatusMessage,
    sendingTxLink: answer.sending?.txLink ?? record.sendingTxLink,
    explorerLink: safeLink(answer.explorerLink) ?? record.explorerLink,
    receiving: receiving
      ? {
          ...record.receiving,
          ...definedOnly({
            txHash: receiving.txHash,
            txLink: receiving.txLink,
            amount: receiving.amount,
            token: receiving.token,
            chainId: receiving.chainId === undefined ? undefined : toChainIdNumber(receiving.chainId),
          }),
        }
      : record.receiving,
    final: !done && FINAL_SERVICE_STATUSES.has(answer.status),
  };
}

/** A failed status request: counted, the record's state is kept. */
export function applyCheckError(record: SentTransfer, message: string, now: number): SentTransfer {
  if (record.final) return record;
  return { ...record, updatedAt: now, consecutiveErrors: record.consecutiveErrors + 1, lastError: message };
}

/** The give-up bound passed without a final answer. */
export function stopTracking(record: SentTransfer, now: number, whereToLook: string): SentTransfer {
  if (record.final) return record;
  const last = [record.status, record.substatus].filter(Boolean).join(' / ');
  const bridgeExplorer = record.explorerLink
    ? i18n.t('track.transferPage', [new URL(record.explorerLink).host])
    : i18n.t('track.bridgeExplorer');
  return {
    ...record,
    updatedAt: now,
    final: true,
    status: LOCAL_STATUS.trackingStopped,
    nextCheckAt: undefined,
    substatusMessage: i18n.t('track.giveUp', [last, whereToLook, bridgeExplorer, record.toolName, record.txHash]),
  };
}

export const lostGuidance = () => i18n.t('track.lost');

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
