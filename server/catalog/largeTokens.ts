import { createHash } from 'node:crypto';
import type { CatalogToken } from './catalogToken';

const DECIMALS = [18, 6, 8, 18, 9, 18] as const;

/**
 * Deterministic synthetic tokens for scale tests: the same index gives the same address, decimals and price on every
 * run, so benchmarks and ETags are stable. Addresses are lower-case hex (valid, never checksummed).
 */
export function syntheticTokens(chainId: number, count: number): CatalogToken[] {
  const out: CatalogToken[] = [];
  for (let i = 0; i < count; i++) {
    const digest = createHash('sha256').update(`large-catalog:${chainId}:${i}`).digest();
    const address = `0x${digest.subarray(0, 20).toString('hex')}`;
    // 0.01 .. 100 USD, spread on a log scale.
    const price = 10 ** ((digest.readUInt16BE(20) / 65535) * 4 - 2);
    out.push({
      address,
      chainId: String(chainId),
      symbol: `SYN${i}`,
      decimals: DECIMALS[i % DECIMALS.length] ?? 18,
      name: `Synthetic Token ${i}`,
      priceUSD: price.toPrecision(6),
      coinKey: `SYN${i}`,
    });
  }
  return out;
}
