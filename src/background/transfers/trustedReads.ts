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
  const nonce = read.transaction?.nonce ?? record.nonceWatch?.nonce;
  if (read.receipt || nonce === undefined || read.rpcChainId !== record.approvedTx.chainId) return {};
  const checked = record.nonceWatch?.checkedBlock;
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

/** A reported arrival is read through the destination chain's trusted RPC, as the sent transaction is. */
export function readArrivalThrough(reads: ChainReads): TransferTrackerDeps['readArrival'] {
  return async (params) => confirmArrivalAt(await reads.rpcUrl(params.chainId), params);
}
