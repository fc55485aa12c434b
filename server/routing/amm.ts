import type { Pool } from '../ports';

/** Constant-product output (Uniswap v2 formula) for `amountIn` of `tokenIn` (lower-cased) through `pool`. */
export function amountOut(pool: Pool, tokenIn: string, amountIn: bigint): bigint {
  // No destructuring of a fresh pair: this runs for every pool of every candidate swap.
  const zeroIn = pool.token0 === tokenIn;
  const reserveIn = zeroIn ? pool.reserve0 : pool.reserve1;
  const reserveOut = zeroIn ? pool.reserve1 : pool.reserve0;
  if (reserveIn <= 0n || reserveOut <= 0n || amountIn <= 0n) return 0n;
  const inAfterFee = amountIn * feeKeep(pool.feeBps);
  return (inAfterFee * reserveOut) / (reserveIn * 10_000n + inAfterFee);
}

const keepByFee = new Map<number, bigint>();
/** `10_000 - feeBps` as a bigint, converted once per fee level. */
function feeKeep(feeBps: number): bigint {
  let keep = keepByFee.get(feeBps);
  if (keep === undefined) {
    keep = BigInt(10_000 - feeBps);
    keepByFee.set(feeBps, keep);
  }
  return keep;
}

/** Output at the pool's mid price, before fee and impact (for the price-impact figure). */
export function midAmountOut(pool: Pool, tokenIn: string, amountIn: bigint): number {
  const zeroIn = pool.token0 === tokenIn;
  const reserveIn = zeroIn ? pool.reserve0 : pool.reserve1;
  const reserveOut = zeroIn ? pool.reserve1 : pool.reserve0;
  if (reserveIn <= 0n) return 0;
  return (Number(amountIn) * Number(reserveOut)) / Number(reserveIn);
}
