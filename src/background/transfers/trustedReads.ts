import { hostOf } from '../../chains/rpcReader';
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
      return { kind: 'read', rpcHost: hostOf(url), read: await reads.rpc.readSentTransaction(url, record.txHash) };
    } catch (err) {
      return { kind: 'error', rpcHost: hostOf(url), message: userMessage(err) };
    }
  };
}

/** A reported arrival is read through the destination chain's trusted RPC, as the sent transaction is. */
export function readArrivalThrough(reads: ChainReads): TransferTrackerDeps['readArrival'] {
  return async (params) => confirmArrivalAt(await reads.rpcUrl(params.chainId), params);
}
