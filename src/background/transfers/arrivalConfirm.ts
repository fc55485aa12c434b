import type { ArrivalCheck, ArrivalParams } from '../../confirmation/arrivalCheck';
import { sameChain } from '../../format/receivedAmount';
import { LOCAL_STATUS } from '../../model/localStatus';
import type { ArrivalState, SentTransfer } from '../../model/transfer';

/**
 * The service's DONE (COMPLETED, PARTIAL, REFUNDED) counts only once the destination chain's trusted RPC shows its
 * receiving transaction: it exists, succeeded, and moved the promised token to the chosen recipient
 * (src/confirmation/). Until then the record is ARRIVING (not final: no notification, no next step); then DONE with
 * the amount read on chain, NOT_ARRIVED (a warning), or DONE with the arrival left unchecked and said so. Pure: the
 * tracker reads (transferTracker.ts).
 */

/** A `notFound` is believed only after this many reads a few seconds apart (a public node may lag a block). */
export const NOT_FOUND_READS = 2;
/** Reads of a transaction not mined yet, or of an RPC that fails, before the arrival is left unchecked. */
export const MAX_ARRIVAL_READS = 8;

/** Wait before read n + 1: 3 s (the scheduler's gap between two checks of one transfer), doubling to 30 s. */
export const arrivalReadDelay = (attempts: number): number => Math.min(30_000, 3_000 * 2 ** Math.max(0, attempts - 1));

export const awaitingArrival = (record: SentTransfer): boolean =>
  !record.final && record.arrival?.state === 'confirming';

/** The arrival a DONE is waiting on, from the service's answer. */
export const confirmingArrival = (): ArrivalState => ({ state: 'confirming', attempts: 0 });

/**
 * What to read for the record's reported arrival: the receiving transaction the service named (or, when it named
 * none, the one the arrival watch saw), and what it must show. COMPLETED: the promised token, at least the minimum
 * shown, to the recipient. PARTIAL: the bridge's own token to the recipient. REFUNDED: the sent token back to the
 * sender on the source chain. Undefined when no transaction is named.
 */
export function arrivalParams(record: SentTransfer, seenTx?: string): ArrivalParams | undefined {
  const txHash = record.receiving?.txHash ?? seenTx;
  if (!txHash) return undefined;
  if (record.substatus === 'REFUNDED') {
    return {
      chainId: record.fromChainId,
      txHash,
      recipient: record.fromAddress,
      token: record.fromToken.address,
      minAmount: 1n,
    };
  }
  if (record.substatus === 'PARTIAL') {
    const token =
      sameChain(record.bridgeToken, record.toChainId) ?? sameChain(record.receiving?.token, record.toChainId);
    if (!token) return undefined;
    return { chainId: record.toChainId, txHash, recipient: record.toAddress, token: token.address, minAmount: 1n };
  }
  return {
    chainId: record.toChainId,
    txHash,
    recipient: record.toAddress,
    token: record.toToken.address,
    minAmount: BigInt(record.toAmountMin),
  };
}

/**
 * Folds one read (undefined: the service named no receiving transaction) into a record that is confirming its
 * arrival. Retries are left to the caller's schedule: the record stays `confirming` with one more attempt.
 */
export function applyArrivalRead(record: SentTransfer, check: ArrivalCheck | undefined, now: number): SentTransfer {
  if (!awaitingArrival(record) || record.arrival?.state !== 'confirming') return record;
  const attempts = record.arrival.attempts + 1;
  const settle = (status: string, arrival: ArrivalState): SentTransfer => ({
    ...record,
    updatedAt: now,
    status,
    arrival,
    final: true,
    nextCheckAt: undefined,
  });
  const retry = (lastError?: string): SentTransfer => ({
    ...record,
    updatedAt: now,
    arrival: { state: 'confirming', attempts, ...(lastError ? { lastError } : {}) },
  });

  if (check === undefined) return settle('DONE', { state: 'unchecked', reason: 'noReceivingTx' });
  switch (check.kind) {
    case 'confirmed':
      return settle('DONE', { state: 'confirmed', amount: check.amount.toString(), rpcHost: check.rpcHost });
    case 'contradicted':
      if (check.reason === 'notFound' && attempts < NOT_FOUND_READS) return retry();
      return settle(LOCAL_STATUS.notArrived, {
        state: 'contradicted',
        reason: check.reason,
        rpcHost: check.rpcHost,
        ...(check.amount === undefined ? {} : { amount: check.amount.toString() }),
      });
    case 'pending':
      return attempts < MAX_ARRIVAL_READS
        ? retry()
        : settle('DONE', { state: 'unchecked', reason: 'pending', rpcHost: check.rpcHost });
    case 'unreadable':
      if (check.reason === 'rpcFailed' && attempts < MAX_ARRIVAL_READS) return retry(check.detail);
      return settle('DONE', {
        state: 'unchecked',
        reason: check.reason,
        ...(check.rpcHost ? { rpcHost: check.rpcHost } : {}),
        ...(check.detail ? { detail: check.detail } : {}),
      });
  }
}
