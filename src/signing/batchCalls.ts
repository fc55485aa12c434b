import { i18n } from '#i18n';
import type { PendingTransaction } from '../checks/simulation/simulateBeforeSigning';
import type { ExecutionStage } from '../model/transfer';
import { WalletRejectedError, WalletRequestError, WalletStateError } from '../wallet/errors';
import type { WalletSession } from '../wallet/session';

/**
 * EIP-5792 for the signing flow: the approval and the transfer as one `wallet_sendCalls`, followed with
 * `wallet_getCallsStatus` until its receipts are in (whether the wallet batches at all: batchCapabilities.ts). Every
 * answer comes from the page's wallet, so each is read strictly: anything unreadable counts as a failure.
 */

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export type BatchCall = { to: `0x${string}`; data: `0x${string}`; value: bigint };

/** A receipt of `wallet_getCallsStatus`, with the members the flow reads. */
export type BatchReceipt = {
  transactionHash: `0x${string}`;
  status: 'success' | 'reverted';
  logs: { address: string }[];
};

export type BatchStatus =
  | { state: 'pending' }
  | { state: 'confirmed'; receipts: BatchReceipt[] }
  /** 400: the wallet did not send it; 500: on chain, everything reverted; 600: on chain, some calls reverted. */
  | { state: 'failed'; kind: 'offchain' | 'reverted' | 'partial' };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function readReceipt(raw: unknown): BatchReceipt | undefined {
  if (!isRecord(raw) || typeof raw.transactionHash !== 'string' || !TX_HASH.test(raw.transactionHash)) return undefined;
  const ok = raw.status === '0x1' || raw.status === 1 || raw.status === 'success';
  const logs = Array.isArray(raw.logs)
    ? raw.logs.flatMap((log) => (isRecord(log) && typeof log.address === 'string' ? [{ address: log.address }] : []))
    : [];
  return { transactionHash: raw.transactionHash as `0x${string}`, status: ok ? 'success' : 'reverted', logs };
}

/**
 * Reads a `wallet_getCallsStatus` answer. Status codes by their hundreds (EIP-5792 2.0: 100 pending, 200
 * confirmed, 400 failed off chain, 500 reverted, 600 partly reverted), or the strings of the shape before it
 * ("PENDING", "CONFIRMED"). Confirmed without readable receipts is still pending: the receipts are what the flow
 * waits for. A reverted receipt in a confirmed batch counts as reverted.
 */
export function readCallsStatus(answer: unknown): BatchStatus {
  if (!isRecord(answer)) return { state: 'pending' };
  const { status } = answer;
  const code =
    typeof status === 'number'
      ? Math.floor(status / 100) * 100
      : status === 'CONFIRMED'
        ? 200
        : status === 'PENDING'
          ? 100
          : undefined;
  if (code === 400) return { state: 'failed', kind: 'offchain' };
  if (code === 500) return { state: 'failed', kind: 'reverted' };
  if (code === 600) return { state: 'failed', kind: 'partial' };
  if (code !== 200 || !Array.isArray(answer.receipts) || answer.receipts.length === 0) return { state: 'pending' };
  const receipts = answer.receipts.map(readReceipt);
  if (receipts.some((r) => r === undefined)) return { state: 'pending' };
  const read = receipts as BatchReceipt[];
  if (read.some((r) => r.status === 'reverted')) return { state: 'failed', kind: 'reverted' };
  return { state: 'confirmed', receipts: read };
}

/**
 * The hash of the transaction that carried the main call (the last of `callCount`): one receipt per call (the
 * calls sent one after the other) gives it by position; one receipt for all (a smart account) is it. Otherwise the
 * receipt with a log from the main call's contract, else the last.
 */
export function mainCallHash(receipts: BatchReceipt[], callCount: number, target: `0x${string}`): `0x${string}` {
  if (receipts.length === callCount || receipts.length === 1) return receipts.at(-1)!.transactionHash;
  const byLog = receipts.findLast((r) => r.logs.some((log) => log.address.toLowerCase() === target.toLowerCase()));
  return (byLog ?? receipts.at(-1)!).transactionHash;
}

/**
 * Errors with which a wallet says it cannot batch (rather than that the person declined): method unknown (4200,
 * -32601) and EIP-5792's own (5700 unsupported capability, 5710 unsupported chain, 5740 batch too large, 5760
 * atomicity not supported). The flow then asks twice instead. Not 5750: see `declinedUpgrade`.
 */
export function batchUnsupported(err: unknown): boolean {
  if (!(err instanceof WalletRequestError) || err.code === undefined) return false;
  if (declinedUpgrade(err)) return false;
  return err.code === 4200 || err.code === -32601 || (err.code >= 5700 && err.code < 5800);
}

/**
 * EIP-5792 5750: the person declined the account upgrade the batch needed. A refusal in the wallet like 4001: asking
 * them twice instead would go on with what they just turned down.
 */
function declinedUpgrade(err: unknown): boolean {
  return err instanceof WalletRequestError && err.code === 5750;
}

/** The batch failed: nothing is tracked; the sentence says what happened to the approval. */
export class BatchFailedError extends WalletStateError {
  override name = 'BatchFailedError';
}

/**
 * Sends the calls as one atomic batch (`atomicRequired`: a wallet that cannot keep them together must refuse
 * rather than send the approval alone) and returns the batch's ID. The 2.0 answer is `{ id }`; a bare string ID
 * is the shape before it.
 */
export async function sendAtomicBatch(
  session: WalletSession,
  batch: { chainId: number; from: `0x${string}`; calls: BatchCall[] },
  what: string,
): Promise<string> {
  const answer = await session.request(
    'wallet_sendCalls',
    [
      {
        version: '2.0.0',
        chainId: `0x${batch.chainId.toString(16)}`,
        from: batch.from,
        atomicRequired: true,
        calls: batch.calls.map((call) => ({ to: call.to, data: call.data, value: `0x${call.value.toString(16)}` })),
      },
    ],
    what,
  );
  const id = isRecord(answer) ? answer.id : answer;
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096) {
    throw new WalletRequestError(i18n.t('wallet.noBatchId'), undefined, String(id));
  }
  return id;
}

/** Polls `wallet_getCallsStatus` until the batch's receipts are in; throws BatchFailedError when it failed. */
export async function waitForBatch(
  session: WalletSession,
  id: string,
  { timeoutMs = 180_000, intervalMs = 1000 } = {},
): Promise<BatchReceipt[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = readCallsStatus(
      await session.request('wallet_getCallsStatus', [id], i18n.t('wallet.what.batchStatus')),
    );
    if (status.state === 'confirmed') return status.receipts;
    if (status.state === 'failed') {
      throw new BatchFailedError(
        status.kind === 'offchain'
          ? i18n.t('wallet.batchNotSent')
          : status.kind === 'reverted'
            ? i18n.t('wallet.batchReverted')
            : i18n.t('wallet.batchPartial'),
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new WalletStateError(i18n.t('wallet.batchSlow'));
}

/**
 * The approvals and the step, already guarded and simulated together, as one confirmation: sent as one atomic batch,
 * followed until its receipts are in, and answered with the hash of the step's transaction (which the background
 * then reads back and tracks like any other). Undefined when the wallet says it cannot batch after all: the flow
 * asks twice instead. A person declining (4001, or 5750 for the account upgrade) throws WalletRejectedError.
 */
export async function sendApprovalsWithStep(
  session: WalletSession,
  batch: { chainId: number; account: `0x${string}`; transactions: PendingTransaction[] },
  onStage: (stage: ExecutionStage) => void,
): Promise<`0x${string}` | undefined> {
  const { chainId, account, transactions } = batch;
  const step = transactions.at(-1)!;
  // The approval is part of what the person confirms: the progress counts it as passed, not as skipped.
  onStage('approving');
  onStage('signing');
  await session.expect(chainId, account);
  let id: string;
  try {
    id = await sendAtomicBatch(
      session,
      { chainId, from: account, calls: transactions.map(({ to, data, value }) => ({ to, data, value })) },
      i18n.t('wallet.what.batch'),
    );
  } catch (err) {
    if (declinedUpgrade(err)) throw new WalletRejectedError(i18n.t('wallet.what.batch'), err);
    if (batchUnsupported(err)) return undefined;
    throw err;
  }
  onStage('submitted');
  return mainCallHash(await waitForBatch(session, id), transactions.length, step.to);
}
