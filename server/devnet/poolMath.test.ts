import { describe, expect, it } from 'vitest';
import { amountIn, amountOut, rescale } from './poolMath';

describe('pool math', () => {
  it('computes the Uniswap v2 output with the fee taken from the input', () => {
    // 1,000 in a 1,000,000 / 1,000,000 pool at 0.3 %: 997,000 * 1e6 / (1e6 * 1e4 + 997,000) = 996.
    expect(amountOut(1_000n, 1_000_000n, 1_000_000n, 30)).toBe(996n);
    expect(amountOut(0n, 1_000_000n, 1_000_000n, 30)).toBe(0n);
  });

  it('finds the smallest input that yields a wanted output', () => {
    for (const wanted of [1n, 996n, 997n, 123_456n, 900_000n]) {
      const input = amountIn(wanted, 1_000_000n, 1_000_000n, 30)!;
      expect(amountOut(input, 1_000_000n, 1_000_000n, 30)).toBeGreaterThanOrEqual(wanted);
      expect(amountOut(input - 1n, 1_000_000n, 1_000_000n, 30)).toBeLessThan(wanted);
    }
    expect(amountIn(1_000_000n, 1_000_000n, 1_000_000n, 30)).toBeUndefined();
  });

  it('rescales between decimals', () => {
    expect(rescale(1_500_000n, 6, 18)).toBe(1_500_000_000_000_000_000n);
    expect(rescale(1_500_000_000_000_000_001n, 18, 6)).toBe(1_500_000n);
  });
});
