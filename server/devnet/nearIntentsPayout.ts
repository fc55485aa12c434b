import type { Address } from 'viem';
import { nearIntentsAssetId } from '../../src/checks/promises/nearIntentsAssets';
import type { OneClickQuoteResponse } from '../../src/checks/promises/nearIntentsSignature';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { BridgeParams } from './bridgeParams';

/** The deposit rewritten to what 1Click's quote pays, or the reason it is refunded instead. */
export type NearQuoted =
  | { ok: true; params: BridgeParams; nonEvm?: { receiver: string; mint: string } }
  | { ok: false; reason: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const units = (value: unknown): bigint | undefined =>
  typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : undefined;
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
  const request = quote.quoteRequest;
  const [originAsset, destinationAsset, recipient] = [
    text(request.originAsset),
    text(request.destinationAsset),
    text(request.recipient),
  ];
  const [amountIn, amountOut, minAmountOut] = [
    quote.quote.amountIn,
    quote.quote.amountOut,
    quote.quote.minAmountOut,
  ].map(units);
  if (amountIn === undefined || amountOut === undefined || minAmountOut === undefined) {
    return { ok: false, reason: 'names a 1Click quote without its amounts' };
  }
  if (!sameAsset(originAsset, assetIdOf(srcChainId, params.bridgeToken)) || amountIn > bridgedAmount) {
    return { ok: false, reason: 'does not make the deposit its 1Click quote asks' };
  }
  const amounts = { dstAmount: amountOut, minDstAmount: minAmountOut };
  if (nonEvm) {
    // Paid on Solana in the deposit's mint, to the quote's recipient: a quote paying elsewhere is not this deposit's.
    if (!sameAsset(destinationAsset, nearIntentsAssetId(SOLANA_CHAIN_ID, nonEvm.mint))) {
      return { ok: false, reason: `names a quote paying ${destinationAsset}, not the deposit's mint` };
    }
    return { ok: true, params: { ...params, ...amounts }, nonEvm: { ...nonEvm, receiver: recipient } };
  }
  const destination = destinationOf(destinationAsset, params, input.chainIds);
  if (!destination || !/^0x[0-9a-fA-F]{40}$/.test(recipient)) {
    return { ok: false, reason: `names a quote paying ${destinationAsset}, which the devnet cannot pay` };
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
      recipient: recipient as Address,
    },
  };
}
