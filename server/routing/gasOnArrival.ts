import type { CatalogToken } from '../catalog/catalogToken';
import type { RouteRequest } from './routeRequest';
import type { RoutingContext, ToolFailure } from './routingContext';
import { bestSwap } from './swapLeg';
import { minusFraction } from './units';

/**
 * LI.FI's `fromAmountForGas` (its refuel, through Gas.zip): that much of the token sent becomes the native coin on
 * the source chain and is deposited with Gas.zip, which pays it as gas to the receiver on the destination; the rest
 * is bridged. LI.FI's API builds it as one swap step of the bridge call that calls its GasZipPeriphery
 * (server/lifi/gasOnArrivalCall.ts). Offered here where the token sent is the one bridged (no swap before the
 * bridge, whose output the periphery's share would have to come out of) and the destination pays gas in the same
 * coin as the source's native one (on the devnet, ETH everywhere: Gas.zip pays 1:1 there).
 */
export type GasOnArrival = {
  /** The part of the amount sent that becomes gas, in the token sent (the request's `fromAmountForGas`). */
  amountIn: bigint;
  /** Native coin deposited with Gas.zip, and so paid on the destination (wei). */
  nativeOut: bigint;
  /** The least the swap to the native coin may deliver (the slippage applied); a native sender has no swap. */
  nativeOutMin: bigint;
  /** The destination's native coin, as the route shows it. */
  token: CatalogToken;
};

export type GasOnArrivalResult = { ok: true; gas: GasOnArrival } | { ok: false; failures: ToolFailure[] };

const failure = (tool: string, message: string): GasOnArrivalResult => ({
  ok: false,
  failures: [{ tool, code: 'NO_POSSIBLE_ROUTE', message }],
});

/** The gas part of a cross-chain route through `bridgeKey` that bridges `bridged` from the source. */
export function priceGasOnArrival(
  ctx: RoutingContext,
  request: RouteRequest,
  bridgeKey: string,
  bridged: CatalogToken,
): GasOnArrivalResult {
  const amountIn = request.fromAmountForGas;
  if (amountIn === undefined) throw new Error('no gas on arrival was asked for');
  const { fromChain, toChain, fromToken } = request;
  if (bridged !== fromToken) {
    return failure(bridgeKey, `Gas on arrival is offered only where ${fromToken.symbol} is bridged without a swap`);
  }
  const sourceNative = ctx.catalog.nativeToken(fromChain.id);
  const destinationNative = ctx.catalog.nativeToken(toChain.id);
  if (!sourceNative || !destinationNative || sourceNative.coinKey !== destinationNative.coinKey) {
    return failure('gasZip', `Gas.zip pays no gas on ${toChain.name} from ${fromChain.name} here`);
  }
  if (fromToken === sourceNative) {
    return { ok: true, gas: { amountIn, nativeOut: amountIn, nativeOutMin: amountIn, token: destinationNative } };
  }
  const swapped = bestSwap(ctx, fromChain.id, fromToken, sourceNative, amountIn, ctx.exchangesOn(fromChain.id));
  if (!swapped.ok) return swapped;
  const nativeOut = swapped.quote.amountOut;
  return {
    ok: true,
    gas: { amountIn, nativeOut, nativeOutMin: minusFraction(nativeOut, request.slippage), token: destinationNative },
  };
}
