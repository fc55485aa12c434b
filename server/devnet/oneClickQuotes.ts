import { sha256 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';
import { bytesToHex, getAddress, isAddress } from 'viem';
import { nearIntentsAssetId } from '../../src/checks/promises/nearIntentsAssets';
import type { OneClickQuoteResponse } from '../../src/checks/promises/nearIntentsSignature';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import { signOneClickQuote } from './nearIntentsSigner';

/**
 * The devnet's 1Click: every NEAR Intents step gets a quote of its own, with a fresh one-time deposit address and
 * its quote id (sha256 of the deposit address, as 1Click's), signed with the devnet's 1Click key and kept so that
 * `GET /1click/v0/status?depositAddress=` answers it as 1Click does. Kept in memory, the newest few thousand.
 */
export type OneClickQuoteInput = {
  /** LI.FI's transactionId of the step (the twin finds a transfer's status by its deposit address through it). */
  transactionId: `0x${string}`;
  fromChainId: number;
  toChainId: number;
  /** The token deposited (BridgeData's sendingAssetId) and the one paid out (an EVM address or a Solana mint). */
  sendingToken: string;
  toToken: string;
  /** What is deposited, the least paid out and what is expected out (the amount 1Click pays), in base units. */
  amountIn: bigint;
  minAmountOut: bigint;
  amountOut?: bigint;
  recipient: string;
  /** The depositor: an EVM address, or a base58 key when the deposit is made on Solana. */
  refundTo: string;
  /** Seconds since the epoch. */
  deadline: number;
  slippageBps: number;
};

export type OneClickQuote = { depositAddress: string; quoteId: `0x${string}`; response: OneClickQuoteResponse };

const KEPT = 5_000;
/** EVM addresses are found in any case; base58 keys only as written (case is part of them). */
const keyOf = (depositAddress: string) => (/^0x/i.test(depositAddress) ? depositAddress.toLowerCase() : depositAddress);
const quotes = new Map<string, OneClickQuoteResponse>();
const latestByTransaction = new Map<string, string>();
/** LI.FI's transactionId behind each deposit address, and where 1Click's handling of a deposit there stands. */
const transactionByAddress = new Map<string, `0x${string}`>();
const progress = new Map<string, OneClickProgress>();

/**
 * 1Click's states of a deposit (`GET /v0/status`): waiting for it, seen, being swapped, paid; or refused. The devnet's
 * relayer moves them as it handles a deposit on Solana (server/devnet/solanaDeposits.ts).
 */
export type OneClickState = 'PENDING_DEPOSIT' | 'KNOWN_DEPOSIT_TX' | 'PROCESSING' | 'SUCCESS' | 'INCOMPLETE_DEPOSIT';
export type OneClickProgress = {
  status: OneClickState;
  updatedAt: string;
  originChainTxHashes: string[];
  destinationChainTxHashes: string[];
  amountIn?: string;
  amountOut?: string;
};

/** Moves the deposit at `depositAddress` to `status`, adding the transactions named (1Click's `swapDetails`). */
export function setOneClickProgress(
  depositAddress: string,
  status: OneClickState,
  details: { originTx?: string; destinationTx?: string; amountIn?: bigint; amountOut?: bigint } = {},
): void {
  const key = keyOf(depositAddress);
  const before = progress.get(key);
  const add = (list: string[] | undefined, hash: string | undefined) =>
    hash === undefined || list?.includes(hash) ? [...(list ?? [])] : [...(list ?? []), hash];
  progress.set(key, {
    status,
    updatedAt: new Date().toISOString(),
    originChainTxHashes: add(before?.originChainTxHashes, details.originTx),
    destinationChainTxHashes: add(before?.destinationChainTxHashes, details.destinationTx),
    ...((details.amountIn ?? before?.amountIn) !== undefined
      ? { amountIn: String(details.amountIn ?? before?.amountIn) }
      : {}),
    ...((details.amountOut ?? before?.amountOut) !== undefined
      ? { amountOut: String(details.amountOut ?? before?.amountOut) }
      : {}),
  });
  if (progress.size > KEPT) progress.delete(progress.keys().next().value as string);
}

/** LI.FI's transactionId of the step a deposit address was quoted for, if this devnet issued it. */
export function transactionIdAt(depositAddress: string): `0x${string}` | undefined {
  return transactionByAddress.get(keyOf(depositAddress));
}

/**
 * A new signed quote for `input`, at a deposit address no other quote has: on Solana a base58 key (the deposit is an
 * SPL or SOL transfer to it, as 1Click's Solana deposit addresses take), elsewhere an EVM address.
 */
export function issueOneClickQuote(input: OneClickQuoteInput): OneClickQuote {
  const onSolana = input.fromChainId === SOLANA_CHAIN_ID;
  const addressBytes = crypto.getRandomValues(new Uint8Array(onSolana ? 32 : 20));
  const depositAddress = onSolana ? base58.encode(addressBytes) : getAddress(bytesToHex(addressBytes));
  const deadline = new Date(input.deadline * 1000).toISOString();
  const response = signOneClickQuote({
    timestamp: new Date().toISOString(),
    quoteRequest: {
      dry: false,
      swapType: 'EXACT_INPUT',
      slippageTolerance: input.slippageBps,
      originAsset: nearIntentsAssetId(input.fromChainId, input.sendingToken) ?? `devnet:${input.sendingToken}`,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: nearIntentsAssetId(input.toChainId, input.toToken) ?? `devnet:${input.toToken}`,
      amount: String(input.amountIn),
      refundTo: input.refundTo,
      refundType: 'ORIGIN_CHAIN',
      recipient: input.recipient,
      recipientType: 'DESTINATION_CHAIN',
      deadline,
    },
    quote: {
      amountIn: String(input.amountIn),
      amountInFormatted: String(input.amountIn),
      amountInUsd: '0',
      minAmountIn: String(input.amountIn),
      amountOut: String(input.amountOut ?? input.minAmountOut),
      amountOutFormatted: String(input.amountOut ?? input.minAmountOut),
      amountOutUsd: '0',
      minAmountOut: String(input.minAmountOut),
      depositAddress,
      deadline,
      timeWhenInactive: deadline,
      timeEstimate: 25,
    },
  });
  quotes.set(keyOf(depositAddress), response);
  transactionByAddress.set(keyOf(depositAddress), input.transactionId);
  if (transactionByAddress.size > KEPT) transactionByAddress.delete(transactionByAddress.keys().next().value as string);
  latestByTransaction.delete(input.transactionId);
  latestByTransaction.set(input.transactionId, depositAddress);
  if (quotes.size > KEPT) quotes.delete(quotes.keys().next().value as string);
  if (latestByTransaction.size > KEPT) latestByTransaction.delete(latestByTransaction.keys().next().value as string);
  return { depositAddress, quoteId: bytesToHex(sha256(addressBytes)), response };
}

/** The deposit address of the newest quote issued for LI.FI's `transactionId`, if any. */
export function latestDepositAddress(transactionId: `0x${string}`): string | undefined {
  return latestByTransaction.get(transactionId);
}

/** A deposit address on an EVM chain (a 0x address), where the caller sends from one; a base58 one is a mistake. */
export function evmDepositAddress(depositAddress: string): `0x${string}` {
  if (!isAddress(depositAddress, { strict: false })) {
    throw new Error(`not an EVM deposit address: ${depositAddress}`);
  }
  return depositAddress;
}

/** The signed quote behind `depositAddress` (what the devnet's 1Click pays a deposit there by), if one was issued. */
export function oneClickQuoteAt(depositAddress: string): OneClickQuoteResponse | undefined {
  return quotes.get(keyOf(depositAddress));
}

/** The quote behind `depositAddress`, as 1Click's status answers it, or undefined when none was issued. */
export function oneClickStatus(depositAddress: string) {
  const quoteResponse = quotes.get(keyOf(depositAddress));
  if (!quoteResponse) return undefined;
  const state = progress.get(keyOf(depositAddress));
  const hashes = (list: string[] | undefined) => (list ?? []).map((hash) => ({ hash, explorerUrl: '' }));
  return {
    correlationId: crypto.randomUUID(),
    quoteResponse,
    status: state?.status ?? 'PENDING_DEPOSIT',
    updatedAt: state?.updatedAt ?? quoteResponse.timestamp,
    swapDetails: {
      intentHashes: [],
      nearTxHashes: [],
      originChainTxHashes: hashes(state?.originChainTxHashes),
      destinationChainTxHashes: hashes(state?.destinationChainTxHashes),
      ...(state?.amountIn !== undefined ? { amountIn: state.amountIn } : {}),
      ...(state?.amountOut !== undefined ? { amountOut: state.amountOut } : {}),
    },
  };
}
