import type { CatalogToken } from '../catalog/catalogToken';
import type { ChainDefinition } from '../catalog/chainData';
import type { BridgeDefinition, ExchangeDefinition } from '../catalog/toolData';
import { type BridgeQuote, quoteBridge } from './bridgeLeg';
import { type GasOnArrival, priceGasOnArrival } from './gasOnArrival';
import type { RoutePath } from './routePath';
import type { RouteRequest } from './routeRequest';
import type { RoutingContext, ToolFailure } from './routingContext';
import { bestSwap, type SwapQuote, type SwapResult } from './swapLeg';
import { fromUnits, minusFraction, toUnits } from './units';

type LegBase = {
  tokenIn: CatalogToken;
  tokenOut: CatalogToken;
  amountIn: bigint;
  amountOut: bigint;
  amountOutMin: bigint;
  durationSec: number;
  /** Fee in tokenIn units. */
  feeAmount: bigint;
};
export type SwapLegPriced = LegBase & { kind: 'swap'; chain: ChainDefinition; quote: SwapQuote };
export type BridgeLegPriced = LegBase & {
  kind: 'bridge';
  from: ChainDefinition;
  to: ChainDefinition;
  quote: BridgeQuote;
};
export type PricedLeg = SwapLegPriced | BridgeLegPriced;

export type PricedRoute = {
  path: RoutePath;
  request: RouteRequest;
  legs: PricedLeg[];
  toAmount: bigint;
  toAmountMin: bigint;
  durationSec: number;
  gasLimit: bigint;
  gasPrice: bigint;
  gasCostWei: bigint;
  gasUSD: number;
  feeUSD: number;
  fromUSD: number;
  toUSD: number;
  /** 1 for same-chain swaps, the bridge's reliability otherwise. */
  reliability: number;
  /** The part of the amount sent that Gas.zip pays as gas on the destination (LI.FI's `fromAmountForGas`). */
  gasOnArrival?: GasOnArrival;
};

export type PriceResult = { ok: true; route: PricedRoute } | { ok: false; failures: ToolFailure[] };

/** What to price: a swap among some exchanges, or a bridge of one asset with optional swaps around it. */
export type RouteSpec =
  | { kind: 'swap'; exchanges: readonly ExchangeDefinition[] }
  | {
      kind: 'cross';
      bridge: BridgeDefinition;
      asset: string;
      srcExchanges: readonly ExchangeDefinition[];
      dstExchanges: readonly ExchangeDefinition[];
    };

/**
 * Swaps already priced during one search (the same source swap feeds every bridge), by token pair then amount, and
 * the exchange that won each pair: later amounts for the pair (each bridge delivers a slightly different one) try
 * the winner first.
 */
type PairMemo = { winner?: readonly ExchangeDefinition[]; byAmount: Map<bigint, SwapResult> };
export type SwapMemo = Map<CatalogToken, Map<CatalogToken, PairMemo>>;

function swap(
  ctx: RoutingContext,
  memo: SwapMemo | undefined,
  chainId: number,
  tokenIn: CatalogToken,
  tokenOut: CatalogToken,
  amountIn: bigint,
  exchanges: readonly ExchangeDefinition[],
): SwapResult {
  if (!memo) return bestSwap(ctx, chainId, tokenIn, tokenOut, amountIn, exchanges);
  let byOut = memo.get(tokenIn);
  if (!byOut) {
    byOut = new Map();
    memo.set(tokenIn, byOut);
  }
  let pair = byOut.get(tokenOut);
  if (!pair) {
    pair = { byAmount: new Map() };
    byOut.set(tokenOut, pair);
  }
  let result = pair.byAmount.get(amountIn);
  if (result) return result;
  if (pair.winner) result = bestSwap(ctx, chainId, tokenIn, tokenOut, amountIn, pair.winner);
  if (!result?.ok) {
    result = bestSwap(ctx, chainId, tokenIn, tokenOut, amountIn, exchanges);
    if (result.ok) pair.winner = [result.quote.exchange];
  }
  pair.byAmount.set(amountIn, result);
  return result;
}

function swapLeg(
  ctx: RoutingContext,
  chain: ChainDefinition,
  tokenIn: CatalogToken,
  tokenOut: CatalogToken,
  amountIn: bigint,
  quote: SwapQuote,
  slippage: number,
): SwapLegPriced {
  return {
    kind: 'swap',
    chain,
    quote,
    tokenIn,
    tokenOut,
    amountIn,
    amountOut: quote.amountOut,
    amountOutMin: minusFraction(quote.amountOut, slippage),
    feeAmount: quote.feeAmount,
    // Two blocks: inclusion and one confirmation (never below one second).
    durationSec: Math.max(1, chain.profile.blockTimeSec * 2) * ctx.timeFactor,
  };
}

/** Gas.zip's periphery in the sender's transaction: its pull, swap to the native coin and deposit. */
const GAS_ON_ARRIVAL_GAS = 180_000n;

function usd(ctx: RoutingContext, token: CatalogToken, amount: bigint): number {
  return fromUnits(amount, token.decimals) * ctx.catalog.priceOf(token);
}

function finish(ctx: RoutingContext, request: RouteRequest, path: RoutePath, legs: PricedLeg[]): PricedRoute {
  const last = legs[legs.length - 1]!;
  const gasPrice = ctx.gas.gasPrice(request.fromChain.id);
  let gasLimit = 0n;
  let feeUSD = 0;
  let durationSec = 0;
  let reliability = 1;
  for (const leg of legs) {
    feeUSD += usd(ctx, leg.tokenIn, leg.feeAmount);
    durationSec += leg.durationSec;
    if (leg.kind === 'bridge') {
      gasLimit += leg.quote.bridge.gasLimit;
      reliability = leg.quote.bridge.reliability;
    } else if (leg.chain.id === request.fromChain.id) {
      // The source swap runs in the user's transaction; the destination swap is paid by the bridge's relayer.
      gasLimit += leg.quote.gasLimit;
    }
  }
  const gasCostWei = gasLimit * gasPrice;
  const native = ctx.catalog.nativeToken(request.fromChain.id);
  return {
    path,
    request,
    legs,
    toAmount: last.amountOut,
    toAmountMin: minusFraction(last.amountOut, request.slippage),
    durationSec: Math.max(1, Math.round(durationSec)),
    gasLimit,
    gasPrice,
    gasCostWei,
    gasUSD: native ? usd(ctx, native, gasCostWei) : 0,
    feeUSD,
    fromUSD: usd(ctx, request.fromToken, request.fromAmount),
    toUSD: usd(ctx, request.toToken, last.amountOut),
    reliability,
  };
}

/** What a Solana deposit asks of the compute budget, and pays per unit (server/routing/solanaDeposit.ts). */
export const SOLANA_DEPOSIT_COMPUTE_UNITS = 60_000n;
export const SOLANA_DEPOSIT_MICROLAMPORTS_PER_UNIT = 100_000n;
/** The deposit's fee in lamports: one signature's 5,000 and the priority fee of its compute budget. */
export const SOLANA_DEPOSIT_FEE =
  5_000n + (SOLANA_DEPOSIT_COMPUTE_UNITS * SOLANA_DEPOSIT_MICROLAMPORTS_PER_UNIT) / 1_000_000n;

/**
 * A deposit on Solana to a bridge's solver (NEAR Intents): the bridge's fee as for any bridge, taken in the token
 * deposited, and the rest paid out in the token chosen on the destination at the catalog's prices (1Click swaps
 * across assets as part of the intent). One leg; the gas is the deposit's fee in lamports.
 */
function priceSolanaDeposit(
  ctx: RoutingContext,
  request: RouteRequest,
  bridge: BridgeDefinition,
  asset: string,
): PriceResult {
  const { fromChain, toChain, fromToken, toToken, fromAmount, slippage } = request;
  if (asset !== (fromToken.coinKey ?? fromToken.symbol)) {
    const message = `${bridge.name} deposits ${fromToken.symbol} itself, not ${asset}`;
    return { ok: false, failures: [{ tool: bridge.key, code: 'NO_POSSIBLE_ROUTE', message }] };
  }
  const bridged = quoteBridge(ctx, bridge, fromChain, toChain, fromToken, fromToken, fromAmount);
  if (!bridged.ok) return { ok: false, failures: [bridged.failure] };
  const amountOut = toUnits(
    usd(ctx, fromToken, bridged.quote.amountOut) / ctx.catalog.priceOf(toToken),
    toToken.decimals,
  );
  if (amountOut <= 0n) {
    const message = `${bridge.name}: nothing left after conversion`;
    return { ok: false, failures: [{ tool: bridge.key, code: 'AMOUNT_TOO_LOW', message }] };
  }
  const leg: BridgeLegPriced = {
    kind: 'bridge',
    from: fromChain,
    to: toChain,
    quote: { ...bridged.quote, amountOut },
    tokenIn: fromToken,
    tokenOut: toToken,
    amountIn: fromAmount,
    amountOut,
    amountOutMin: minusFraction(amountOut, slippage),
    feeAmount: bridged.quote.feeAmount,
    durationSec: bridged.quote.durationSec * ctx.timeFactor,
  };
  const route = finish(ctx, request, { kind: 'cross', bridge: bridge.key, asset }, [leg]);
  // Solana's fee is lamports per signature plus the compute budget's priority fee, not gas at an EVM price.
  route.gasLimit = SOLANA_DEPOSIT_COMPUTE_UNITS;
  route.gasPrice = SOLANA_DEPOSIT_MICROLAMPORTS_PER_UNIT;
  route.gasCostWei = SOLANA_DEPOSIT_FEE;
  const native = ctx.catalog.nativeToken(fromChain.id);
  route.gasUSD = native ? usd(ctx, native, SOLANA_DEPOSIT_FEE) : 0;
  return { ok: true, route };
}

/**
 * Prices one candidate with the current pools and gas. The search calls it with every exchange allowed and keeps the
 * best; stepTransaction calls it with exactly the exchanges recorded in the route id, so it re-derives the same path.
 */
export function priceRoute(ctx: RoutingContext, request: RouteRequest, spec: RouteSpec, memo?: SwapMemo): PriceResult {
  const { fromChain, toChain, fromToken, toToken, fromAmount, slippage } = request;
  if (spec.kind === 'swap') {
    const result = swap(ctx, memo, fromChain.id, fromToken, toToken, fromAmount, spec.exchanges);
    if (!result.ok) return result;
    const leg = swapLeg(ctx, fromChain, fromToken, toToken, fromAmount, result.quote, slippage);
    return { ok: true, route: finish(ctx, request, { kind: 'swap', exchange: result.quote.exchange.key }, [leg]) };
  }

  const { bridge, asset } = spec;
  if (fromChain.chainType === 'SOLANA') return priceSolanaDeposit(ctx, request, bridge, asset);
  const srcBridgeToken = ctx.catalog.bridgeAsset(fromChain.id, asset);
  const dstBridgeToken = ctx.catalog.bridgeAsset(toChain.id, asset);
  if (!srcBridgeToken || !dstBridgeToken) {
    return {
      ok: false,
      failures: [
        { tool: bridge.key, code: 'NO_POSSIBLE_ROUTE', message: `${bridge.name} has no ${asset} on both chains` },
      ],
    };
  }
  const legs: PricedLeg[] = [];
  let amount = fromAmount;
  let gasOnArrival: GasOnArrival | undefined;
  if (request.fromAmountForGas !== undefined) {
    const priced = priceGasOnArrival(ctx, request, bridge.key, srcBridgeToken);
    if (!priced.ok) return priced;
    gasOnArrival = priced.gas;
    amount -= gasOnArrival.amountIn;
  }
  let srcExchange: string | undefined;
  let dstExchange: string | undefined;

  if (srcBridgeToken !== fromToken) {
    const result = swap(ctx, memo, fromChain.id, fromToken, srcBridgeToken, amount, spec.srcExchanges);
    if (!result.ok) return result;
    const leg = swapLeg(ctx, fromChain, fromToken, srcBridgeToken, amount, result.quote, slippage);
    legs.push(leg);
    srcExchange = result.quote.exchange.key;
    amount = leg.amountOut;
  }

  const bridged = quoteBridge(ctx, bridge, fromChain, toChain, srcBridgeToken, dstBridgeToken, amount);
  if (!bridged.ok) return { ok: false, failures: [bridged.failure] };
  legs.push({
    kind: 'bridge',
    from: fromChain,
    to: toChain,
    quote: bridged.quote,
    tokenIn: srcBridgeToken,
    tokenOut: dstBridgeToken,
    amountIn: amount,
    amountOut: bridged.quote.amountOut,
    amountOutMin: minusFraction(bridged.quote.amountOut, slippage),
    feeAmount: bridged.quote.feeAmount,
    durationSec: bridged.quote.durationSec * ctx.timeFactor,
  });
  amount = bridged.quote.amountOut;

  if (dstBridgeToken !== toToken) {
    const result = swap(ctx, memo, toChain.id, dstBridgeToken, toToken, amount, spec.dstExchanges);
    if (!result.ok) return result;
    legs.push(swapLeg(ctx, toChain, dstBridgeToken, toToken, amount, result.quote, slippage));
    dstExchange = result.quote.exchange.key;
  }

  // Absent, not undefined, when there is no swap (plain assignments: spreads build slow dictionary objects).
  const path: RoutePath = { kind: 'cross', bridge: bridge.key, asset };
  if (srcExchange) path.srcExchange = srcExchange;
  if (dstExchange) path.dstExchange = dstExchange;
  if (!gasOnArrival) return { ok: true, route: finish(ctx, request, path, legs) };
  path.gas = gasOnArrival.amountIn.toString();
  const route = finish(ctx, request, path, legs);
  // The periphery's swap and deposit run in the sender's transaction.
  route.gasLimit += GAS_ON_ARRIVAL_GAS;
  route.gasCostWei = route.gasLimit * route.gasPrice;
  const native = ctx.catalog.nativeToken(fromChain.id);
  route.gasUSD = native ? usd(ctx, native, route.gasCostWei) : 0;
  route.gasOnArrival = gasOnArrival;
  return { ok: true, route };
}
