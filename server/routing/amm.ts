import type { Pool } from '../ports';

/** Constant-product output (Uniswap v2 formula) for `amountIn` of `tokenIn` (lower-cased) through `pool`. */
export function amountOut(pool: Pool, tokenIn: string, amountIn: bigint): bigint {
  const [reserveIn, reserveOut] =
    pool.token0 === tokenIn ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0];
  if (reserveIn <= 0n || reserveOut <= 0n || amountIn <= 0n) return 0n;
  const inAfterFee = amountIn * BigInt(10_000 - pool.feeBps);
  return (inAfterFee * reserveOut) / (reserveIn * 10_000n + inAfterFee);
}

/** Output at the pool's mid price, before fee and impact (for the price-impact figure). */
export function midAmountOut(pool: Pool, tokenIn: string, amountIn: bigint): number {
  const [reserveIn, reserveOut] =
    pool.token0 === tokenIn ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0];
  if (reserveIn <= 0n) return 0;
  return (Number(amountIn) * Number(reserveOut)) / Number(reserveIn);
}
