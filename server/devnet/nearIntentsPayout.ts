import type { Address } from 'viem';
import { nearIntentsAssetId } from '../../src/checks/promises/nearIntentsAssets';
import type { OneClickQuoteResponse } from '../../src/checks/promises/nearIntentsSignature';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { BridgeParams } from './relayer';

/** The deposit rewritten to what 1Click's quote pays, or the reason it is refunded instead. */
export type NearQuoted =
  | { ok: true; params: BridgeParams; nonEvm?: { receiver: string; mint: string } }
  | { ok: false; reason: string };

const sameAsset = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/** The asset id the devnet's 1Click gives `token` on `chainId` (server/devnet/oneClickQuotes.ts does the same). */
const assetIdOf = (chainId: number, token: string) => nearIntentsAssetId(chainId, token) ?? `devnet:${token}`;

/**
 * The chain and token a quote's `destinationAsset` pays in, among the devnet's chains. An id 1Click's table knows is
 * matched on every chain the devnet runs; a `devnet:` id (a token the table lacks) names no chain, so it can only be
 * the token on the deposit's own destination chain.
 */
function destinationOf(assetId: string, params: BridgeParams, chainIds: readonly number[]) {
  for (const chainId of chainIds) {
    if (assetId.startsWith('devnet:')) break;
    if (sameAsset(assetId, nearIntentsAssetId(chainId, params.dstToken))) return { chainId, token: params.dstToken };
  }
  if (assetId.startsWith('devnet:')) return { chainId: Number(params.dstChainId), token: assetId.slice(7) };
  return undefined;
}

/**
 * What 1Click does with a deposit to one of its deposit addresses: it pays whom, where and what the quote behind that
 * address names (`quoteRequest.recipient`, `destinationAsset`, `quote.amountOut`), whatever LI.FI's BridgeData
 * claimed; the facet only checks LI.FI's backend signature, never the quote. The quote must take this deposit: its
 * origin asset on this chain in this token, no more than was deposited; a deposit to an address no quote names, or
 * short of its quote's input, is refunded to the depositor. The relayer still caps the payment at what was bridged
 * in the same coin (server/devnet/payout.ts).
 */
export function nearQuotedParams(input: {
  params: BridgeParams;
  srcChainId: number;
  bridgedAmount: bigint;
  quote: OneClickQuoteResponse | undefined;
  chainIds: readonly number[];
  /** The deposit's Solana receiver and mint, when it is for Solana (BridgeToNonEvm). */
  nonEvm?: { receiver: string; mint: string };
}): NearQuoted {
  const { params, srcChainId, bridgedAmount, quote, nonEvm } = input;
  if (!quote) return { ok: false, reason: 'pays a deposit address no 1Click quote names' };
  const { quoteRequest, quote: figures } = quote;
  if (
    !sameAsset(quoteRequest.originAsset, assetIdOf(srcChainId, params.bridgeToken)) ||
    BigInt(figures.amountIn) > bridgedAmount
  ) {
    return { ok: false, reason: 'does not make the deposit its 1Click quote asks' };
  }
  const amounts = { dstAmount: BigInt(figures.amountOut), minDstAmount: BigInt(figures.minAmountOut) };
  if (nonEvm) {
    // Paid on Solana in the deposit's mint, to the quote's recipient: a quote paying elsewhere is not this deposit's.
    if (!sameAsset(quoteRequest.destinationAsset, nearIntentsAssetId(SOLANA_CHAIN_ID, nonEvm.mint))) {
      return { ok: false, reason: `names a quote paying ${quoteRequest.destinationAsset}, not the deposit's mint` };
    }
    return { ok: true, params: { ...params, ...amounts }, nonEvm: { ...nonEvm, receiver: quoteRequest.recipient } };
  }
  const destination = destinationOf(quoteRequest.destinationAsset, params, input.chainIds);
  if (!destination || !/^0x[0-9a-fA-F]{40}$/.test(quoteRequest.recipient)) {
    return { ok: false, reason: `names a quote paying ${quoteRequest.destinationAsset}, which the devnet cannot pay` };
  }
  const token = destination.token as Address;
  return {
    ok: true,
    params: {
      ...params,
      ...amounts,
      dstChainId: BigInt(destination.chainId),
      dstBridgeToken: token,
      dstToken: token,
      recipient: quoteRequest.recipient as Address,
    },
  };
}
