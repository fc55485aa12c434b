import { i18n } from '#i18n';
import type { ReadReplacementReturnType } from '../../chains/readReplacement';
import type { SentTransactionRead } from '../../chains/rpcReader';
import { revertReason } from '../../checks/simulation/revertReason';
import type { NonceWatch, SentTransfer } from '../../model/transfer';
import { compareSent } from './compareSent';
import { classifyReplacement } from './replacement';
import { LOCAL_STATUS } from './transferStatus';

export { compareSent };

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
  | {
      kind: 'read';
      rpcHost: string;
      read: SentTransactionRead;
      /**
       * While the sent transaction is not mined and its nonce is known: what the chain mined at that nonce from the
       * account, if anything (src/chains/readReplacement.ts). A wallet's speed-up or cancel shows here.
       */
      replacement?: ReadReplacementReturnType;
    }
  | { kind: 'error'; rpcHost: string; message: string }
  | { kind: 'noTrustedRpc' };

/** Folds one read of the trusted RPC into a record whose sent transaction is not checked yet. */
export function applySentRead(given: SentTransfer, outcome: SentReadOutcome, now: number): SentTransfer {
  let record = given;
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
  if (outcome.kind === 'read') {
    const replaced = applyReplacement(record, outcome, attempts, now);
    if (replaced) return replaced;
    record = watchNonce(record, outcome);
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
    if (differences.length === 0) {
      const verified: SentTransfer = { ...record, updatedAt: now, sentCheck: { state: 'verified', rpcHost, ...paid } };
      // Still not mined past the bound: a speed-up or cancel may come any time, looked for at a calm pace.
      return receipt === null ? watchLate(verified, now) : verified;
    }
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

/**
 * The wallet put another transaction in the sent one's place (same account, same nonce): a speed-up becomes the
 * transfer under its new hash, read back and compared on the next read as the first would have been; a cancel says
 * nothing was sent; anything else is a warning, never "sent". Undefined when nothing else was mined at the nonce.
 */
function applyReplacement(
  record: SentTransfer,
  outcome: Extract<SentReadOutcome, { kind: 'read' }>,
  attempts: number,
  now: number,
): SentTransfer | undefined {
  const { replacement, rpcHost } = outcome;
  if (replacement?.kind !== 'mined' || outcome.read.receipt) return undefined;
  const tx = replacement.transaction;
  // The sent transaction itself, mined since the read of its hash: the next read finds it.
  if (tx.hash.toLowerCase() === record.txHash.toLowerCase()) return undefined;
  const judged = classifyReplacement(record.approvedTx, tx);
  // At a nonce only read before the wallet was asked, the approved call itself is the transfer; anything else may be
  // another of the wallet's transactions (watchNonce drops the guess), never said to be this one's cancel.
  if (judged.kind !== 'speedUp' && guessedNonce(record, outcome)) return undefined;
  if (judged.kind === 'speedUp') {
    return {
      ...record,
      txHash: tx.hash,
      spedUpFrom: record.spedUpFrom ?? record.txHash,
      // The first hash's explorer page shows nothing: the tracker links the new one.
      sendingTxLink: undefined,
      nonceWatch: { nonce: tx.nonce },
      updatedAt: now,
      sentCheck: { state: 'pending', attempts },
    };
  }
  if (judged.kind === 'cancel') {
    return flag(record, now, LOCAL_STATUS.cancelled, { state: 'cancelled', rpcHost, by: tx.hash });
  }
  return flag(record, now, LOCAL_STATUS.replaced, {
    state: 'replaced',
    rpcHost,
    by: tx.hash,
    differences: judged.differences,
  });
}

/**
 * The nonce the pending transaction was seen at (else the account's, read before the wallet was asked), and the last
 * block read to hold nothing at it. Once the transaction is read mined nothing can take its place: the watch ends.
 */
export function watchNonce(record: SentTransfer, outcome: Extract<SentReadOutcome, { kind: 'read' }>): SentTransfer {
  const { read, replacement } = outcome;
  if (read.receipt) return record.nonceWatch ? { ...record, nonceWatch: undefined } : record;
  const seen = read.transaction?.nonce;
  const watch = record.nonceWatch;
  const nonce = seen ?? watch?.nonce ?? record.nonceAtSend;
  if (nonce === undefined) return record;
  const same = watch?.nonce === nonce ? watch : undefined;
  const beforeSend = seen === undefined && (same ? same.beforeSend === true : true);
  const minedThere = replacement?.kind === 'mined' ? replacement.transaction.hash : undefined;
  const otherThere =
    same?.otherThere ??
    (beforeSend && minedThere?.toLowerCase() !== record.txHash.toLowerCase() ? minedThere : undefined);
  const checked = replacement && replacement.kind !== 'mined' ? replacement.block.toString() : same?.checkedBlock;
  const next: NonceWatch = {
    nonce,
    ...(checked === undefined ? {} : { checkedBlock: checked }),
    ...(beforeSend ? { beforeSend: true } : {}),
    ...(beforeSend && otherThere ? { otherThere } : {}),
    ...(same?.nextReadAt === undefined ? {} : { nextReadAt: same.nextReadAt }),
  };
  return { ...record, nonceWatch: next };
}

/** Whether the nonce a replacement was found at is only the one read before sending (the hash never seen there). */
const guessedNonce = (record: SentTransfer, outcome: Extract<SentReadOutcome, { kind: 'read' }>): boolean =>
  outcome.read.transaction === null &&
  (record.nonceWatch ? record.nonceWatch.beforeSend === true : record.nonceAtSend !== undefined);

/**
 * Reads of a transaction still pending after its sent check settled: every 30 s for the first hour after it was
 * sent, every 2 minutes up to six hours, then every 10 minutes, for as long as the transfer is not final.
 */
export function lateReadDelay(sinceSentMs: number): number {
  if (sinceSentMs < 60 * 60_000) return 30_000;
  if (sinceSentMs < 6 * 60 * 60_000) return 2 * 60_000;
  return 10 * 60_000;
}

/** Plans the next late read of a settled record whose transaction is not mined (its nonce watched). */
function watchLate(record: SentTransfer, now: number): SentTransfer {
  if (!record.nonceWatch) return record;
  return { ...record, nonceWatch: { ...record.nonceWatch, nextReadAt: now + lateReadDelay(now - record.createdAt) } };
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
