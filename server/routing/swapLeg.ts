import type { CatalogToken } from '../catalog/catalogToken';
import type { ExchangeDefinition } from '../catalog/toolData';
import type { Pool } from '../ports';
import { amountOut, midAmountOut } from './amm';
import { findPool } from './poolIndex';
import type { RoutingContext, ToolFailure } from './routingContext';

/** Beyond this price impact a swap is refused as INSUFFICIENT_LIQUIDITY (nobody wants to lose a quarter). */
export const MAX_PRICE_IMPACT = 0.25;
/** Extra gas for the second hop of a two-hop swap. */
const SECOND_HOP_GAS = 60_000n;

export type SwapQuote = {
  exchange: ExchangeDefinition;
  amountOut: bigint;
  /** LP fees expressed in tokenIn units. */
  feeAmount: bigint;
  feeBps: number;
  priceImpact: number;
  gasLimit: bigint;
  hops: number;
};

export type SwapResult = { ok: true; quote: SwapQuote } | { ok: false; failures: ToolFailure[] };

type Path = { pools: Pool[]; tokens: string[] };

const pathCache = new WeakMap<readonly Pool[], Map<string, Map<string, Path[]>>>();

/** Direct pool, else two hops through a hub; cached per pool list (a new list from the source means new pools). */
function paths(ctx: RoutingContext, chainId: number, exchangeKey: string, tokenIn: string, tokenOut: string): Path[] {
  const pools = ctx.liquidity.pools(chainId, exchangeKey);
  let byIn = pathCache.get(pools);
  if (!byIn) {
    byIn = new Map();
    pathCache.set(pools, byIn);
  }
  let cache = byIn.get(tokenIn);
  if (!cache) {
    cache = new Map();
    byIn.set(tokenIn, cache);
  }
  const cached = cache.get(tokenOut);
  if (cached) return cached;
  const out: Path[] = [];
  const direct = findPool(pools, tokenIn, tokenOut);
  if (direct) out.push({ pools: [direct], tokens: [tokenIn, tokenOut] });
  else {
    for (const hub of ctx.catalog.hubTokens(chainId)) {
      const mid = ctx.catalog.addressKey(hub);
      if (mid === tokenIn || mid === tokenOut) continue;
      const first = findPool(pools, tokenIn, mid);
      const second = first && findPool(pools, mid, tokenOut);
      if (first && second) out.push({ pools: [first, second], tokens: [tokenIn, mid, tokenOut] });
    }
  }
  cache.set(tokenOut, out);
  return out;
}

function quotePath(path: Path, amountIn: bigint): bigint {
  let amount = amountIn;
  for (let i = 0; i < path.pools.length; i++) amount = amountOut(path.pools[i]!, path.tokens[i]!, amount);
  return amount;
}

/** Output at mid price after fees (no impact), and the share kept after fees, for the price-impact figure. */
function idealOut(path: Path, amountIn: bigint): { mid: number; keep: number } {
  let mid = Number(amountIn);
  let keep = 1;
  for (let i = 0; i < path.pools.length; i++) {
    const pool = path.pools[i]!;
    mid = (mid * midAmountOut(pool, path.tokens[i]!, 1_000_000_000_000n)) / 1e12;
    keep *= 1 - pool.feeBps / 10_000;
  }
  return { mid, keep };
}

/**
 * Best swap of `amountIn` tokenIn into tokenOut on one chain among `exchanges`: the direct pool, or two hops through
 * a hub token (native coin, USDC) on the same exchange.
 */
export function bestSwap(
  ctx: RoutingContext,
  chainId: number,
  tokenIn: CatalogToken,
  tokenOut: CatalogToken,
  amountIn: bigint,
  exchanges: readonly ExchangeDefinition[],
): SwapResult {
  const inKey = ctx.catalog.addressKey(tokenIn);
  const outKey = ctx.catalog.addressKey(tokenOut);
  let best: SwapQuote | undefined;
  const failures: ToolFailure[] = [];
  for (const exchange of exchanges) {
    let bestPath: Path | undefined;
    let bestOut = 0n;
    for (const path of paths(ctx, chainId, exchange.key, inKey, outKey)) {
      const out = quotePath(path, amountIn);
      if (out > bestOut) {
        bestOut = out;
        bestPath = path;
      }
    }
    if (!bestPath) {
      failures.push({
        tool: exchange.key,
        code: 'INSUFFICIENT_LIQUIDITY',
        message: `${exchange.name} has no pool for ${tokenIn.symbol}/${tokenOut.symbol} on chain ${chainId}`,
      });
      continue;
    }
    // Only a candidate that could win is worth the price-impact arithmetic.
    if (best && bestOut <= best.amountOut) continue;
    const { mid, keep } = idealOut(bestPath, amountIn);
    const priceImpact = mid > 0 ? Math.max(0, 1 - Number(bestOut) / (mid * keep)) : 1;
    if (priceImpact > MAX_PRICE_IMPACT) {
      failures.push({
        tool: exchange.key,
        code: 'INSUFFICIENT_LIQUIDITY',
        message: `${exchange.name}: price impact of ${(priceImpact * 100).toFixed(1)} % swapping ${tokenIn.symbol} for ${tokenOut.symbol}`,
      });
      continue;
    }
    const feeFraction = 1 - keep;
    best = {
      exchange,
      amountOut: bestOut,
      feeAmount: BigInt(Math.floor(Number(amountIn) * feeFraction)),
      feeBps: Math.round(feeFraction * 10_000),
      priceImpact,
      gasLimit: exchange.gasLimit + (bestPath.pools.length > 1 ? SECOND_HOP_GAS : 0n),
      hops: bestPath.pools.length,
    };
  }
  if (exchanges.length === 0) {
    failures.push({ tool: 'exchange', code: 'NO_POSSIBLE_ROUTE', message: `no exchange executes on chain ${chainId}` });
  }
  return best ? { ok: true, quote: best } : { ok: false, failures };
}
