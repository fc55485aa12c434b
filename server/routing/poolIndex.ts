import type { Pool } from '../ports';

const indexes = new WeakMap<readonly Pool[], Map<string, Pool>>();

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The pool between two tokens in a list, through an index built once per list. Liquidity sources hand out the same
 * array while their pools do not change, so the index is reused across requests; a new array gets a new index.
 */
export function findPool(pools: readonly Pool[], tokenA: string, tokenB: string): Pool | undefined {
  let index = indexes.get(pools);
  if (!index) {
    index = new Map();
    for (const pool of pools) index.set(pairKey(pool.token0, pool.token1), pool);
    indexes.set(pools, index);
  }
  return index.get(pairKey(tokenA, tokenB));
}
