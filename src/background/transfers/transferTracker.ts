import { i18n } from '#i18n';
import { RateLimitError } from '../../api/errors';
import type { ArrivalCheck, ArrivalParams } from '../../confirmation/arrivalCheck';
import { BaseError } from '../../errors/base';
import { userMessage } from '../../errors/userMessage';
import type { SendOwner, SentTransfer, TransferInput } from '../../model/transfer';
import type { StatusResponse } from '../../schemas/status';
import { applyArrivalRead, arrivalParams, arrivalReadDelay, awaitingArrival } from './arrivalConfirm';
import { applyLateRead } from './lateNonceWatch';
import type { Notifier } from './notifications';
import { nextCheckDelay, type ScheduleInput } from './schedule';
import { applySentRead, type SentReadOutcome, sentCheckDelay, sentCheckSettled } from './sentCheck';
import { applyCheckError, applyStatus, newSentTransfer, stopTracking } from './transferStatus';
import type { TransferStore } from './transferStore';

export type TransferTrackerDeps = {
  store: TransferStore;
  /** Chain IDs from the record: a dialect that omits them in its answer (LI.FI) gets them filled from here. */
  getStatus: (params: { txHash: string; fromChainId: number; toChainId: number }) => Promise<StatusResponse>;
  notifier: Notifier;
  /** One read of the sent transaction through the source chain's trusted RPC (never a page's or service's RPC). */
  readSent: (record: SentTransfer) => Promise<SentReadOutcome>;
  now: () => number;
  /**
   * The source transaction's explorer page from the catalog's chain data, shown from the moment it is recorded (the
   * service's own link replaces it once a status answer carries one).
   */
  sourceTxLink?: (input: TransferInput) => Promise<string | undefined>;
  /** Where a person can look the source transaction up when tracking gives up. */
  whereToLook: (record: SentTransfer) => Promise<string>;
  /** What the arrival watch (src/background/arrival/) tells the status schedule; none means unwatched. */
  scheduleHints?: (record: SentTransfer) => Promise<ScheduleHints>;
  /**
   * One read of a reported arrival through the destination chain's trusted RPC (src/confirmation/confirmArrival.ts):
   * a DONE counts only once this confirms it.
   */
  readArrival: (params: ArrivalParams) => Promise<ArrivalCheck>;
  /**
   * The account's nonce read right before the wallet was asked to send this transaction (expectations.ts), for a
   * record whose input does not carry it (the signing flow's own): where a replacement is looked for if the trusted
   * RPC never sees the transaction.
   */
  nonceAtSend?: (input: TransferInput) => Promise<number | undefined>;
};

export type ScheduleHints = Pick<ScheduleInput, 'watched' | 'arrivalSeenAt'> & {
  /** The transaction the arrival watch saw paying the recipient: read when the service names none. */
  arrivalTx?: string;
};

/** The hash of a transfer already recorded came back for another transaction: the wallet's answer is not this one. */
export class ReusedHashError extends BaseError {
  override name = 'ReusedHashError';
  readonly code = 'REUSED_HASH';
}

export type TransferTracker = {
  /**
   * Records the sent transaction (idempotent per hash) in `owner`'s record, or a record of its own, then reads it
   * once through the trusted RPC; returns what is stored. Status polling starts only once it is checked.
   */
  record(input: TransferInput, owner?: SendOwner): Promise<SentTransfer>;
  /** One status request for one transfer, then the next check time; notifies on a final outcome. */
  check(txHash: string): Promise<SentTransfer | undefined>;
  /**
   * One late read of a transaction still not mined after its sent check settled, for a replacement at its nonce
   * (lateNonceWatch.ts); notifies a cancel or a warning. No status request.
   */
  watchNonce(txHash: string): Promise<SentTransfer | undefined>;
};

const scheduleFor = (record: SentTransfer, now: number, retryAfterMs?: number, hints?: ScheduleHints) =>
  nextCheckDelay({
    now,
    // A looked-up transfer was sent before it was recorded: its timetable runs from its block, as read on chain.
    startedAt: record.lookedUp?.minedAt ?? record.createdAt,
    expectedMs: record.executionDuration * 1000,
    consecutiveErrors: record.consecutiveErrors,
    retryAfterMs,
    ...hints,
  });

/** How long record() waits for the first read of the sent transaction before answering anyway. */
const FIRST_READ_WAIT_MS = 3_000;

export function createTransferTracker(deps: TransferTrackerDeps): TransferTracker {
  const inFlight = new Map<string, Promise<SentTransfer | undefined>>();

  /** Reads the sent transaction until it is verified, flagged, or cannot be checked; then status polling starts. */
  async function checkSentOnce(before: SentTransfer): Promise<SentTransfer | undefined> {
    const outcome = await deps.readSent(before);
    const after = await deps.store.updateSend(before.txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = applySentRead(current, outcome, now);
      if (folded === current || folded.final) return folded;
      if (folded.sentCheck.state === 'pending')
        return { ...folded, nextCheckAt: now + sentCheckDelay(folded.sentCheck.attempts) };
      return { ...folded, nextCheckAt: now + (scheduleFor(folded, now) ?? 0) };
    });
    if (after?.final) await deps.notifier.notifyOnce(after);
    return linkReplacement(after);
  }

  /** A late read of the pending transaction and its nonce: a speed-up goes back to the sent check, under its hash. */
  async function watchNonceOnce(txHash: string): Promise<SentTransfer | undefined> {
    const before = await deps.store.getSend(txHash);
    if (!before || before.final) return before;
    const outcome = await deps.readSent(before);
    const after = await deps.store.updateSend(before.txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = applyLateRead(current, outcome, now);
      if (folded === current || folded.final || folded.sentCheck.state !== 'pending') return folded;
      return { ...folded, nextCheckAt: now + sentCheckDelay(folded.sentCheck.attempts) };
    });
    if (after?.final) await deps.notifier.notifyOnce(after);
    return linkReplacement(after);
  }

  /** The explorer page of what the wallet sent in the sent transaction's place, sped up or not. */
  async function linkReplacement(send: SentTransfer | undefined): Promise<SentTransfer | undefined> {
    if (send?.spedUpFrom && !send.sendingTxLink) return linkSpedUp(send);
    const check = send?.sentCheck;
    if (!send || (check?.state !== 'cancelled' && check?.state !== 'replaced') || check.byLink) return send;
    const byLink = await deps.sourceTxLink?.({ ...send, txHash: check.by }).catch(() => undefined);
    if (!byLink) return send;
    return deps.store.updateSend(send.txHash, (current) =>
      current?.sentCheck.state === check.state && !current.sentCheck.byLink
        ? { ...current, sentCheck: { ...current.sentCheck, byLink } }
        : current,
    );
  }

  /** The explorer page of the transaction that sped the sent one up (the first hash's page shows nothing). */
  async function linkSpedUp(send: SentTransfer): Promise<SentTransfer | undefined> {
    const sendingTxLink = await deps.sourceTxLink?.(send).catch(() => undefined);
    if (!sendingTxLink) return send;
    return deps.store.updateSend(send.txHash, (current) =>
      current && !current.sendingTxLink && current.txHash === send.txHash ? { ...current, sendingTxLink } : current,
    );
  }

  /** Reads the arrival a DONE reported on the destination chain; no status request while it is confirmed. */
  async function checkArrivalOnce(before: SentTransfer): Promise<SentTransfer | undefined> {
    const params = arrivalParams(before, (await deps.scheduleHints?.(before))?.arrivalTx);
    const check = params
      ? await deps
          .readArrival(params)
          .catch((err): ArrivalCheck => ({ kind: 'unreadable', reason: 'rpcFailed', detail: userMessage(err) }))
      : undefined;
    const after = await deps.store.updateSend(before.txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = applyArrivalRead(current, check, now);
      if (folded === current || folded.final || folded.arrival?.state !== 'confirming') return folded;
      return { ...folded, nextCheckAt: now + arrivalReadDelay(folded.arrival.attempts) };
    });
    if (after?.final) await deps.notifier.notifyOnce(after);
    return after;
  }

  async function checkOnce(txHash: string): Promise<SentTransfer | undefined> {
    const before = await deps.store.getSend(txHash);
    if (!before || before.final) return before;
    if (!sentCheckSettled(before)) return checkSentOnce(before);
    if (awaitingArrival(before)) return checkArrivalOnce(before);

    let retryAfterMs: number | undefined;
    let fold: (r: SentTransfer, now: number) => SentTransfer;
    try {
      const { txHash, fromChainId, toChainId } = before;
      const answer = await deps.getStatus({ txHash, fromChainId, toChainId });
      fold = (r, now) => applyStatus(r, answer, now);
    } catch (err) {
      if (err instanceof RateLimitError) retryAfterMs = err.retryAfterMs;
      const message = userMessage(err);
      fold = (r, now) => applyCheckError(r, message, now);
    }

    const whereToLook = await deps.whereToLook(before);
    const hints = await deps.scheduleHints?.(before);
    const after = await deps.store.updateSend(txHash, (current) => {
      if (!current) return undefined;
      const now = deps.now();
      const folded = fold(current, now);
      if (folded.final) return { ...folded, nextCheckAt: undefined };
      // Read on the destination chain right below, in this same check.
      if (awaitingArrival(folded)) return { ...folded, nextCheckAt: now };
      const delay = scheduleFor(folded, now, retryAfterMs, hints);
      return delay === null ? stopTracking(folded, now, whereToLook) : { ...folded, nextCheckAt: now + delay };
    });
    if (after && awaitingArrival(after)) return checkArrivalOnce(after);
    if (after?.final) await deps.notifier.notifyOnce(after);
    return after;
  }

  const api: TransferTracker = {
    async record(given, owner) {
      let reused = false;
      const nonceAtSend = given.nonceAtSend ?? (await deps.nonceAtSend?.(given).catch(() => undefined));
      const input = nonceAtSend === undefined ? given : { ...given, nonceAtSend };
      const sendingTxLink = await deps.sourceTxLink?.(input).catch(() => undefined);
      const stored = (await deps.store.updateSend(
        input.txHash,
        (current) => {
          // Same hash reported twice (the execution and the relay, a retry): the first record stands; the execution
          // writes it before the link is known.
          if (current) {
            reused = !sameApproved(current.approvedTx, input.approvedTx);
            if (reused) return undefined;
            // The relay's report carries the nonce read before sending, which the execution's own record may lack.
            const filled = current.nonceAtSend === undefined && nonceAtSend !== undefined ? { nonceAtSend } : {};
            const linked = !current.sendingTxLink && sendingTxLink ? { sendingTxLink } : {};
            return Object.keys({ ...filled, ...linked }).length === 0
              ? undefined
              : { ...current, ...filled, ...linked };
          }
          // Due at once: the sent transaction is read right below.
          const send: SentTransfer = { ...newSentTransfer(input, deps.now()), sendingTxLink, nextCheckAt: deps.now() };
          return owner ? { ...send, step: owner.step } : send;
        },
        owner,
      ))!;
      if (reused) {
        throw new ReusedHashError(i18n.t('misc.reusedHash'));
      }
      if (sentCheckSettled(stored)) return stored;
      // The first read usually answers in milliseconds; a slow RPC must not hold the popup's reply (the read goes
      // on, and later ones follow the schedule).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const slow = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), FIRST_READ_WAIT_MS);
      });
      const checked = await Promise.race([api.check(stored.txHash), slow]).finally(() => clearTimeout(timer));
      return checked ?? (await deps.store.getSend(stored.txHash)) ?? stored;
    },
    check(txHash) {
      const key = txHash.toLowerCase();
      const existing = inFlight.get(key);
      if (existing) return existing;
      const run = checkOnce(txHash).finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },
    watchNonce(txHash) {
      // One read of a transfer at a time: a late read and a check of the same transfer do not race.
      const key = txHash.toLowerCase();
      const existing = inFlight.get(key);
      if (existing) return existing;
      const run = watchNonceOnce(txHash).finally(() => inFlight.delete(key));
      inFlight.set(key, run);
      return run;
    },
  };
  return api;
}

const sameApproved = (a: SentTransfer['approvedTx'] | undefined, b: SentTransfer['approvedTx']) =>
  // A record from before sent transactions were checked (storage v1) has none to compare.
  a === undefined ||
  (a.chainId === b.chainId &&
    a.from.toLowerCase() === b.from.toLowerCase() &&
    a.to.toLowerCase() === b.to.toLowerCase() &&
    a.data.toLowerCase() === b.data.toLowerCase() &&
    BigInt(a.value) === BigInt(b.value));
