import { i18n } from '#i18n';
import type { SentTransactionRead } from '../../chains/rpcReader';
import { revertReason } from '../../checks/simulation/revertReason';
import type { ApprovedTransaction, Difference, SentTransfer } from '../../model/transfer';
import { batchedExecutionDifferences } from './batchedExecution';
import { LOCAL_STATUS } from './transferStatus';

/**
 * Is the transaction behind a reported hash the one the person approved? The hash comes from the page's wallet (or
 * a page pretending to be one), so before a transfer is tracked as the person's, the source chain's copy is read
 * through the RPC the extension trusts and compared, member by member, with the transaction the guards passed.
 * Pure: the tracker does the reading (transferTracker.ts).
 */

/**
 * How long a hash may stay unknown to the trusted RPC. A wallet's hash is in the node's mempool within seconds and
 * mined within minutes; one still unknown after this was most likely never sent by this wallet.
 */
export const SENT_CHECK_BOUND_MS = 10 * 60_000;

/** Wait before read n + 1: quick at first (automining devnets, fast chains), then every 15 s. */
export function sentCheckDelay(attempts: number): number {
  return Math.min(15_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

export type SentReadOutcome =
  | { kind: 'read'; rpcHost: string; read: SentTransactionRead }
  | { kind: 'error'; rpcHost: string; message: string }
  | { kind: 'noTrustedRpc' };

const lower = (s: string) => s.toLowerCase();

/** Every member of the chain's copy that differs from the approved transaction (empty: it is the one). */
export function compareSent(
  approved: ApprovedTransaction,
  txHash: string,
  tx: NonNullable<SentTransactionRead['transaction']>,
): Difference[] {
  const differences: Difference[] = [];
  const differ = (field: string, expected: string, actual: string) => differences.push({ field, expected, actual });
  if (lower(tx.hash) !== lower(txHash)) differ('hash', txHash, tx.hash);
  if (tx.chainId !== undefined && tx.chainId !== approved.chainId)
    differ('chainId', String(approved.chainId), String(tx.chainId));
  if (lower(tx.from) !== lower(approved.from)) differ('from', approved.from, tx.from);
  // A smart account's batch: one transaction to the person's own account carrying the approved calls.
  const batched = batchedExecutionDifferences(approved, tx);
  if (batched) return [...differences, ...batched];
  if (tx.to === null || lower(tx.to) !== lower(approved.to)) differ('to', approved.to, tx.to ?? 'a contract creation');
  // Exact bytes: a recipient or amount rewritten inside the call data changes nothing else.
  if (lower(tx.input) !== lower(approved.data)) differ('data', approved.data, tx.input);
  if (tx.value !== BigInt(approved.value)) differ('value', approved.value, tx.value.toString());
  return differences;
}

/** Folds one read of the trusted RPC into a record whose sent transaction is not checked yet. */
export function applySentRead(record: SentTransfer, outcome: SentReadOutcome, now: number): SentTransfer {
  if (record.final || record.sentCheck.state !== 'pending') return record;
  const attempts = record.sentCheck.attempts + 1;
  const boundPassed = now - record.createdAt >= SENT_CHECK_BOUND_MS;

  if (outcome.kind === 'noTrustedRpc') return { ...record, updatedAt: now, sentCheck: { state: 'noTrustedRpc' } };

  const { rpcHost } = outcome;
  if (outcome.kind === 'read' && outcome.read.rpcChainId !== record.approvedTx.chainId) {
    // A misconfigured override: this RPC cannot speak for the source chain; nothing it says is compared.
    return applySentRead(
      record,
      {
        kind: 'error',
        rpcHost,
        message: i18n.t('track.wrongChainRpc', [
          rpcHost,
          String(outcome.read.rpcChainId),
          String(record.approvedTx.chainId),
        ]),
      },
      now,
    );
  }
  if (outcome.kind === 'read' && outcome.read.transaction) {
    const differences = compareSent(record.approvedTx, record.txHash, outcome.read.transaction);
    const { receipt } = outcome.read;
    const paid = receipt?.gasPaid === undefined ? {} : { gasPaid: receipt.gasPaid.toString() };
    if (differences.length === 0 && receipt?.reverted) {
      // Seen at its receipt within seconds of being mined, rather than when the service says FAILED a minute later.
      const cause = receipt.revertData ? revertReason(receipt.revertData) : i18n.t('track.revertedNoReason');
      // The causes end with a full stop of their own; the sentence around them has its own.
      const reason = i18n.t('track.reverted', [cause.replace(/\.$/, '')]);
      return {
        ...flag(record, now, 'FAILED', { state: 'reverted', rpcHost, reason, revertData: receipt.revertData, ...paid }),
        substatusMessage: reason,
      };
    }
    // Not mined yet: read again shortly, so a revert is seen at its receipt; past the bound, the service takes over.
    if (differences.length === 0 && receipt === null && !boundPassed) {
      return { ...record, updatedAt: now, sentCheck: { state: 'pending', attempts } };
    }
    if (differences.length === 0)
      return { ...record, updatedAt: now, sentCheck: { state: 'verified', rpcHost, ...paid } };
    return flag(record, now, LOCAL_STATUS.mismatch, { state: 'mismatch', rpcHost, differences });
  }
  if (!boundPassed) {
    const lastError = outcome.kind === 'error' ? outcome.message : undefined;
    return {
      ...record,
      updatedAt: now,
      sentCheck: { state: 'pending', attempts, ...(lastError ? { lastError } : {}) },
    };
  }
  return outcome.kind === 'error'
    ? flag(record, now, LOCAL_STATUS.unverified, { state: 'unreachable', rpcHost, lastError: outcome.message })
    : flag(record, now, LOCAL_STATUS.unverified, { state: 'notFound', rpcHost });
}

function flag(record: SentTransfer, now: number, status: string, sentCheck: SentTransfer['sentCheck']): SentTransfer {
  return {
    ...record,
    updatedAt: now,
    status,
    substatus: undefined,
    substatusMessage: undefined,
    sentCheck,
    final: true,
    nextCheckAt: undefined,
  };
}

/** Whether status tracking may go on: the sent transaction is the person's, or no trusted RPC can say. */
export const sentCheckSettled = (record: SentTransfer): boolean => record.sentCheck.state !== 'pending';
