import { readPendingNonce } from '../../chains/readPendingNonce';
import type { ReadReplacementReturnType } from '../../chains/readReplacement';
import { hostOf, type SentTransactionRead } from '../../chains/rpcReader';
import { confirmArrivalAt } from '../../confirmation/confirmArrival';
import { userMessage } from '../../errors/userMessage';
import type { SentTransfer } from '../../model/transfer';
import type { ChainReads } from '../chainReads';
import type { SentReadOutcome } from './sentCheck';
import type { TransferTrackerDeps } from './transferTracker';

/** One read of the sent transaction through the source chain's trusted RPC, its failure kept as words. */
export function readSentThrough(reads: ChainReads): (record: SentTransfer) => Promise<SentReadOutcome> {
  return async (record) => {
    // Only the person's settings or the build's pins: never an RPC URL named by a page or the routing service.
    const url = await reads.rpcUrl(record.approvedTx.chainId);
    if (url === undefined) return { kind: 'noTrustedRpc' };
    try {
      const read = await reads.rpc.readSentTransaction(url, record.txHash);
      return { kind: 'read', rpcHost: hostOf(url), read, ...(await replacementOf(reads, url, record, read)) };
    } catch (err) {
      return { kind: 'error', rpcHost: hostOf(url), message: userMessage(err) };
    }
  };
}

/**
 * While the sent transaction is not mined (or the node no longer knows it) and its nonce is known: what the chain
 * mined at that nonce from the account, when the wallet sped it up or cancelled it. A failed read here is left for
 * the next one: the sent transaction's own read stands.
 */
async function replacementOf(
  reads: ChainReads,
  url: string,
  record: SentTransfer,
  read: SentTransactionRead,
): Promise<{ replacement?: ReadReplacementReturnType }> {
  const watch = record.nonceWatch;
  // Seen on the transaction, else the one watched, else the account's nonce read before the wallet was asked; a guess
  // another transaction took is not looked at again.
  const nonce = read.transaction?.nonce ?? (watch?.otherThere ? undefined : (watch?.nonce ?? record.nonceAtSend));
  if (read.receipt || nonce === undefined || read.rpcChainId !== record.approvedTx.chainId) return {};
  const checked = watch?.nonce === nonce ? watch.checkedBlock : undefined;
  try {
    const replacement = await reads.rpc.readReplacement(url, {
      from: record.approvedTx.from,
      nonce,
      ...(checked === undefined ? {} : { checkedBlock: BigInt(checked) }),
    });
    return { replacement };
  } catch {
    return {};
  }
}

/** How long the wallet waits for the nonce read before it is asked: a slow RPC leaves the nonce unknown instead. */
export const NONCE_BEFORE_SEND_WAIT_MS = 2_000;

/**
 * The account's next nonce on the source chain, read through its trusted RPC right before the wallet is asked to
 * send: undefined when no RPC is trusted there, it serves another chain, fails, or is slow (nothing waits on it).
 */
export function readNonceBeforeSend(
  reads: ChainReads,
): (chainId: number, from: `0x${string}`) => Promise<number | undefined> {
  return async (chainId, from) => {
    const url = await reads.rpcUrl(chainId);
    if (url === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), NONCE_BEFORE_SEND_WAIT_MS);
    });
    const read = readPendingNonce(reads.rpc.client(url), { address: from }).then(
      (answer) => (answer.rpcChainId === chainId ? answer.nonce : undefined),
      () => undefined,
    );
    return Promise.race([read, slow]).finally(() => clearTimeout(timer));
  };
}

/** A reported arrival is read through the destination chain's trusted RPC, as the sent transaction is. */
export function readArrivalThrough(reads: ChainReads): TransferTrackerDeps['readArrival'] {
  return async (params) => confirmArrivalAt(await reads.rpcUrl(params.chainId), params);
}
