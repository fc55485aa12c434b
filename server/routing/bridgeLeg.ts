import type { CatalogToken } from '../catalog/catalogToken';
import type { ChainDefinition } from '../catalog/chainData';
import type { BridgeDefinition } from '../catalog/toolData';
import type { RoutingContext, ToolFailure } from './routingContext';
import { fromUnits, rescale, toUnits } from './units';

/** Gas a bridge's relayer spends on the destination chain; the bridge charges it to the user. */
const DESTINATION_GAS = 100_000n;

export type BridgeQuote = {
  bridge: BridgeDefinition;
  amountOut: bigint;
  /** Fee in source-token units (fixed part, destination gas and the proportional part). */
  feeAmount: bigint;
  durationSec: number;
};

export type BridgeResult = { ok: true; quote: BridgeQuote } | { ok: false; failure: ToolFailure };

/** A module-level function, not a closure per call: tsx names every inner function it creates on each call. */
function fail(bridge: BridgeDefinition, code: ToolFailure['code'], message: string): BridgeResult {
  return { ok: false, failure: { tool: bridge.key, code, message: `${bridge.name}: ${message}` } };
}

/** Moves `amountIn` of `tokenIn` (on `from`) to `tokenOut` (the same asset on `to`) through one bridge. */
export function quoteBridge(
  ctx: RoutingContext,
  bridge: BridgeDefinition,
  from: ChainDefinition,
  to: ChainDefinition,
  tokenIn: CatalogToken,
  tokenOut: CatalogToken,
  amountIn: bigint,
): BridgeResult {
  const price = ctx.catalog.priceOf(tokenIn);
  const amountUSD = fromUnits(amountIn, tokenIn.decimals) * price;
  if (amountUSD < bridge.minAmountUSD) {
    return fail(
      bridge,
      'AMOUNT_TOO_LOW',
      `minimum transfer is ${bridge.minAmountUSD} USD, got ${amountUSD.toFixed(2)} USD`,
    );
  }
  if (amountUSD > bridge.capacityUSD) {
    return fail(
      bridge,
      'AMOUNT_TOO_HIGH',
      `maximum transfer is ${bridge.capacityUSD} USD, got ${amountUSD.toFixed(0)} USD`,
    );
  }
  const destinationGasUSD =
    to.chainType === 'EVM' ? fromUnits(DESTINATION_GAS * ctx.gas.gasPrice(to.id), 18) * to.nativePriceUSD : 0;
  const fixedUnits = toUnits((bridge.fixedFeeUSD + destinationGasUSD) / price, tokenIn.decimals);
  const feeAmount = fixedUnits + (amountIn * BigInt(bridge.feeBps)) / 10_000n;
  if (feeAmount >= amountIn) {
    return fail(
      bridge,
      'FEES_HIGHER_THAN_AMOUNT',
      `fees of ${fromUnits(feeAmount, tokenIn.decimals)} ${tokenIn.symbol} exceed the amount`,
    );
  }
  const amountOut = rescale(amountIn - feeAmount, tokenIn.decimals, tokenOut.decimals);
  if (amountOut <= 0n) return fail(bridge, 'AMOUNT_TOO_LOW', 'nothing left after conversion');
  // Waiting for finality on Ethereum takes longer than on the L2s and sidechains.
  const durationSec = bridge.durationSec * (from.id === 1 ? 1.5 : 1);
  return { ok: true, quote: { bridge, amountOut, feeAmount, durationSec } };
}
