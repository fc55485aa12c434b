import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import type { ExchangeDefinition } from '../catalog/toolData';
import type { LiquiditySource, Pool } from '../ports';
import { toUnits } from './units';

/** Assets whose pools get the chain's full depth; other real tokens get a fraction, synthetic ones a sliver. */
const MAJOR_COIN_KEYS = new Set([
  'USDC',
  'USDT',
  'DAI',
  'USDbC',
  'ETH',
  'WETH',
  'WBTC',
  'BTCB',
  'cbBTC',
  'cbETH',
  'BNB',
  'WBNB',
  'POL',
  'WPOL',
  'AVAX',
  'WAVAX',
]);

function weight(token: CatalogToken): number {
  if (MAJOR_COIN_KEYS.has(token.coinKey)) return 1;
  return token.coinKey.startsWith('SYN') ? 0.004 : 0.15;
}

/** FNV-1a: a cheap deterministic hash for per-pool price skews. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function makePool(
  chainId: number,
  exchange: ExchangeDefinition,
  a: CatalogToken,
  b: CatalogToken,
  depthUSD: number,
  catalog: Catalog,
): Pool {
  const tokenA = a.address.toLowerCase();
  const tokenB = b.address.toLowerCase();
  // Each exchange quotes a slightly different price (±0.03 %) so the search has something to choose between; kept
  // below the cheapest swap fee so that a detour through another token never beats the direct path.
  const skew = 1 + ((hash(`${chainId}:${exchange.key}:${tokenA}:${tokenB}`) % 61) - 30) / 100_000;
  const half = depthUSD / 2;
  const [t0, t1] = tokenA < tokenB ? [a, b] : [b, a];
  return {
    token0: t0.address.toLowerCase(),
    token1: t1.address.toLowerCase(),
    reserve0: toUnits(half / catalog.priceOf(t0), t0.decimals),
    reserve1: toUnits((half / catalog.priceOf(t1)) * skew, t1.decimals),
    feeBps: exchange.feeBps,
  };
}

/**
 * In-memory constant-product pools seeded from catalog prices: every pair of real tokens on every exchange, and
 * synthetic tokens (large catalog) against the chain's hub tokens on two exchanges. Pools are built lazily per
 * chain and exchange and then kept, so the arrays (and their indexes) are stable.
 */
export function createDefaultLiquidity(catalog: Catalog): LiquiditySource {
  const cache = new Map<number, Map<string, readonly Pool[]>>();
  const build = (chainId: number, exchangeKey: string): readonly Pool[] => {
    const chain = catalog.getChain(chainId);
    const exchange = catalog.getExchange(exchangeKey);
    if (!chain || !exchange || chain.chainType !== 'EVM' || !exchange.supportedChains.includes(chainId)) return [];
    const tokens = catalog.tokensByChain.get(chainId) ?? [];
    const real = tokens.filter((t) => !t.coinKey.startsWith('SYN'));
    const depth = chain.profile.poolDepthUSD * exchange.depthFactor;
    const pools: Pool[] = [];
    for (let i = 0; i < real.length; i++) {
      for (let j = i + 1; j < real.length; j++) {
        const a = real[i]!;
        const b = real[j]!;
        pools.push(makePool(chainId, exchange, a, b, depth * Math.min(weight(a), weight(b)), catalog));
      }
    }
    const hubs = catalog.hubTokens(chainId);
    let index = 0;
    for (const token of tokens) {
      if (!token.coinKey.startsWith('SYN')) continue;
      // Long-tail tokens trade on uniswap and on one more exchange chosen by index.
      const second = ['1inch', 'paraswap', '0x', 'sushiswap'][index++ % 4];
      if (exchange.key !== 'uniswap' && exchange.key !== second) continue;
      for (const hub of hubs) pools.push(makePool(chainId, exchange, token, hub, depth * weight(token), catalog));
    }
    return pools;
  };
  return {
    pools(chainId, exchangeKey) {
      let byExchange = cache.get(chainId);
      if (!byExchange) {
        byExchange = new Map();
        cache.set(chainId, byExchange);
      }
      let pools = byExchange.get(exchangeKey);
      if (!pools) {
        pools = build(chainId, exchangeKey);
        byExchange.set(exchangeKey, pools);
      }
      return pools;
    },
  };
}
