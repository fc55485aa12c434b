import type { ReadSentTokensReturnType } from '../../chains/readSentTokens';
import type { ChainTransaction } from '../../chains/readSentTransaction';
import { sameAddress } from '../../lib/addresses';
import type { LookupAnswer } from '../../model/lookup';
import type { TransferInput } from '../../model/transfer';
import { isNativeToken, toChainIdNumber } from '../../schemas/primitives';
import type { StatusResponse } from '../../schemas/status';

export type LookedUpFacts = {
  /** The source chain, as its trusted RPC answered. */
  chainId: number;
  /** The transaction as that chain shows it (mined, not reverted). */
  tx: ChainTransaction;
  /** What left the sender in it, read from its receipt. */
  sent: ReadSentTokensReturnType;
  /** The service's status of it (not NOT_FOUND). */
  status: StatusResponse;
  /** The bridge's name from the service's tools, else its key. */
  toolName?: string;
  /** What the routes the service offered for this bridge estimated, in seconds (undefined: nothing known). */
  usualSeconds?: number;
  now: number;
};

type Field = Extract<LookupAnswer, { kind: 'notThisTransfer' }>['field'];

const addressOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined;
const isNative = (a: string) => isNativeToken(a) || /^0xe{40}$/i.test(a);

/**
 * The record of a transfer made elsewhere, from what the chain shows and what the service says. Pure. The chain
 * decides the hash, the chain, the sender, the call and the amount sent (read from the receipt, never the service's
 * figure); the service names the bridge, the destination and the token sent, and each is checked against the chain
 * where the chain can say. The transaction itself is the "approved" one: the sent check reads it back unchanged.
 * Answers the first thing the chain contradicts instead.
 */
export function lookedUpInput(facts: LookedUpFacts): TransferInput | { differs: Field } {
  const { chainId, tx, sent, status } = facts;
  const sending = status.sending;
  if (sending?.txHash !== undefined && sending.txHash.toLowerCase() !== tx.hash.toLowerCase())
    return { differs: 'hash' };
  if (sending?.chainId !== undefined && toChainIdNumber(sending.chainId) !== chainId) return { differs: 'chain' };
  const serviceSender = addressOf(status.fromAddress);
  if (serviceSender && !sameAddress(serviceSender, tx.from)) return { differs: 'sender' };
  const fromToken = sending?.token;
  if (tx.to === null || !fromToken || toChainIdNumber(fromToken.chainId) !== chainId) return { differs: 'token' };
  // The chain's amount: the transaction's own value for the native coin, else what the token logged leaving the sender.
  const amount = isNative(fromToken.address) ? tx.value : sent.sent[fromToken.address.toLowerCase()];
  if (amount === undefined || amount === 0n) return { differs: 'amount' };
  const toChainId = toChainIdNumber(status.toChainId ?? status.receiving?.chainId ?? chainId);
  const named = status.receiving?.token;
  const partial = status.substatus === 'PARTIAL';
  const toToken = named && !partial ? named : { ...fromToken, chainId: toChainId };
  const tool = status.tool || 'unknown';
  return {
    txHash: tx.hash,
    routeId: `lookup:${tx.hash.toLowerCase()}`,
    tool,
    toolName: facts.toolName ?? tool,
    fromChainId: chainId,
    toChainId,
    fromToken,
    toToken,
    ...(named && partial ? { bridgeToken: named } : {}),
    fromAmount: amount.toString(),
    toAmount: named && !partial && status.receiving?.amount !== undefined ? status.receiving.amount : '0',
    // Nothing was promised to the person here: any arrival the chain shows counts, at least one unit.
    toAmountMin: '1',
    fromAddress: tx.from,
    // The service's word; the arrival is read on the destination chain at this address.
    toAddress: addressOf(status.toAddress) ?? tx.from,
    executionDuration: facts.usualSeconds ?? 0,
    approvedTx: {
      chainId,
      from: tx.from,
      to: tx.to ?? tx.from,
      data: tx.input,
      value: tx.value.toString(),
    },
    lookedUp: {
      at: facts.now,
      ...(sent.minedAt === undefined ? {} : { minedAt: sent.minedAt }),
      toTokenNamed: !!named && !partial,
      ...(facts.usualSeconds === undefined ? {} : { usualSeconds: facts.usualSeconds }),
    },
  };
}

/** The median of the estimates the service gave for this bridge's routes (seconds), undefined when there are none. */
export function usualSeconds(estimates: readonly number[]): number | undefined {
  const sorted = estimates.filter((s) => Number.isFinite(s) && s > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}
