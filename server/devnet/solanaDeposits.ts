import { type Address, type Hex, keccak256, stringToHex, zeroAddress } from 'viem';
import { nearIntentsAssetId } from '../../src/checks/promises/nearIntentsAssets';
import type { OneClickQuoteResponse } from '../../src/checks/promises/nearIntentsSignature';
import type { Catalog } from '../catalog/catalog';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import { SOLANA_SYSTEM_PROGRAM } from '../routing/solanaSource';
import type { BridgeParams } from './bridgeParams';
import { oneClickQuoteAt, transactionIdAt } from './oneClickQuotes';
import type { SolanaTransactionRecord } from './solanaTransactions';

/**
 * A deposit a person made on Solana to one of 1Click's deposit addresses (a route from Solana through NEAR Intents),
 * found in the transaction as a node records it: the account a quote names among its keys, and what reached it of the
 * quote's origin asset (lamports for SOL, the token balance it owns for an SPL mint). The relayer pays by it and the
 * status reads it; the transaction's own words (its instructions) are not needed.
 */
export type SolanaDepositFound = {
  signature: string;
  depositAddress: string;
  quote: OneClickQuoteResponse;
  transactionId: Hex | undefined;
  /** The fee payer: the person who deposited. */
  sender: string;
  /** The SPL mint deposited, or the System Program for SOL. */
  token: string;
  /** What reached the deposit address of the quote's origin asset. */
  amount: bigint;
  /** The lamports the transaction paid in fees. */
  fee: bigint;
  failed: boolean;
  /** Seconds since the epoch. */
  blockTime: number;
};

export function findSolanaDeposit(
  record: SolanaTransactionRecord,
  quoteAt: (depositAddress: string) => OneClickQuoteResponse | undefined = oneClickQuoteAt,
): SolanaDepositFound | undefined {
  const keys = record.message.accountKeys;
  const index = keys.findIndex((key) => quoteAt(key) !== undefined);
  if (index < 0) return undefined;
  const depositAddress = keys[index]!;
  const quote = quoteAt(depositAddress)!;
  const origin = String(quote.quoteRequest.originAsset);
  const nativeOrigin = origin === nearIntentsAssetId(SOLANA_CHAIN_ID, SOLANA_SYSTEM_PROGRAM);
  let token = SOLANA_SYSTEM_PROGRAM;
  let amount = 0n;
  if (nativeOrigin) {
    amount = (record.postBalances[index] ?? 0n) - (record.preBalances[index] ?? 0n);
  } else {
    const owned = (balances: SolanaTransactionRecord['postTokenBalances']) =>
      balances.find((b) => b.owner === depositAddress && nearIntentsAssetId(SOLANA_CHAIN_ID, b.mint) === origin);
    const after = owned(record.postTokenBalances);
    const before = owned(record.preTokenBalances);
    token = after?.mint ?? before?.mint ?? '';
    amount = (after?.amount ?? 0n) - (before?.amount ?? 0n);
  }
  return {
    signature: record.signature,
    depositAddress,
    quote,
    transactionId: transactionIdAt(depositAddress),
    sender: keys[0]!,
    token,
    amount: amount > 0n ? amount : 0n,
    fee: record.fee,
    failed: record.err !== null,
    blockTime: record.blockTime,
  };
}

/** The deposit's id on the EVM destination (the router's fill and its BridgeFilled): keccak256 of the signature. */
export const solanaDepositId = (signature: string): Hex => keccak256(stringToHex(signature));

/** The chain and token 1Click's quote pays in, among the devnet's EVM chains (by NEAR Intents' asset ids). */
export function quotedDestination(
  quote: OneClickQuoteResponse,
  catalog: Catalog,
  chainIds: Iterable<number>,
): { chainId: number; token: Address } | undefined {
  const asset = String(quote.quoteRequest.destinationAsset);
  for (const chainId of chainIds) {
    for (const token of catalog.tokensByChain.get(chainId) ?? []) {
      if (nearIntentsAssetId(chainId, token.address) === asset) return { chainId, token: token.address as Address };
    }
  }
  return undefined;
}

const units = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : undefined;

/**
 * What 1Click pays for a deposit, as the router's `fill` takes it on the destination: whom, in what and how much its
 * quote names (`amountOut`, at least `minAmountOut`), or why nothing is paid: a deposit short of the quote's input,
 * in another asset, or a quote paying where the devnet cannot.
 */
export function solanaFill(
  deposit: SolanaDepositFound,
  catalog: Catalog,
  chainIds: Iterable<number>,
): { ok: true; chainId: number; params: BridgeParams; amount: bigint } | { ok: false; reason: string } {
  const { quote } = deposit;
  const [amountIn, amountOut, minAmountOut] = [
    quote.quote.amountIn,
    quote.quote.amountOut,
    quote.quote.minAmountOut,
  ].map(units);
  if (amountIn === undefined || amountOut === undefined || minAmountOut === undefined) {
    return { ok: false, reason: 'its 1Click quote has no amounts' };
  }
  if (deposit.failed || deposit.amount < amountIn) {
    return { ok: false, reason: `deposited ${deposit.amount}, its 1Click quote takes ${amountIn}` };
  }
  const destination = quotedDestination(quote, catalog, chainIds);
  const recipient = String(quote.quoteRequest.recipient);
  if (!destination || !/^0x[0-9a-fA-F]{40}$/.test(recipient)) {
    return { ok: false, reason: `its quote pays ${String(quote.quoteRequest.destinationAsset)}, not on the devnet` };
  }
  const params: BridgeParams = {
    routeId: deposit.transactionId ?? solanaDepositId(deposit.signature),
    tool: stringToHex('near', { size: 32 }),
    // A Solana deposit has no EVM token or amount in: the router's fill reads only the destination's fields.
    tokenIn: zeroAddress,
    amountIn: deposit.amount,
    bridgeToken: zeroAddress,
    minBridgeAmount: 0n,
    dstChainId: BigInt(destination.chainId),
    dstBridgeToken: destination.token,
    dstToken: destination.token,
    dstAmount: amountOut,
    minDstAmount: minAmountOut,
    recipient: recipient as Address,
  };
  return { ok: true, chainId: destination.chainId, params, amount: amountOut };
}
