import type { Token } from '../../schemas/catalog';
import { isNativeToken, toChainIdNumber } from '../../schemas/primitives';
import type { TokensByChain } from '../../storage/tokenDb';

/**
 * In-memory search over the whole token list (20,000+ tokens), built once per list so that each keystroke in the
 * popup is answered in well under a frame:
 * - exact symbol and coinKey: hash maps;
 * - symbol prefix and name-word prefix: binary search over sorted keys, so "us" touches only the "us…" range;
 * - address: hash map (the whole address, any case);
 * - substring of symbol or name: a linear scan over pre-lower-cased strings, only when the earlier tiers did not
 *   fill the page.
 * Ranking: exact symbol/coinKey, then symbol prefix, then name-word prefix, then substring; inside a tier, popular
 * tokens first (native coins, USDC, USDT…), then shorter symbols, then chain ID.
 */
export type TokenIndex = {
  readonly size: number;
  search(query: string, options?: { chainId?: number | undefined; limit?: number | undefined }): Token[];
  get(chainId: number, address: string): Token | undefined;
};

/** Most asked-for tokens, most popular first. */
const POPULAR_SYMBOLS = [
  'usdc',
  'usdt',
  'eth',
  'weth',
  'dai',
  'wbtc',
  'usdc.e',
  'bnb',
  'pol',
  'matic',
  'avax',
  'op',
  'arb',
];
const NATIVE_POPULARITY = POPULAR_SYMBOLS.length + 1;

type Entry = { token: Token; chainId: number; symbol: string; name: string; popularity: number };

const DEFAULT_LIMIT = 50;

function lowerBound(keys: readonly string[], target: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildTokenIndex(byChain: TokensByChain): TokenIndex {
  const entries: Entry[] = [];
  const bySymbol = new Map<string, number[]>();
  const byCoinKey = new Map<string, number[]>();
  const byAddress = new Map<string, number[]>();
  const byChainAddress = new Map<string, number>();
  const nameWords = new Map<string, number[]>();

  for (const [chainKey, tokens] of Object.entries(byChain)) {
    for (const token of tokens) {
      const chainId = toChainIdNumber(token.chainId ?? chainKey);
      const symbol = token.symbol.toLowerCase();
      const name = token.name.toLowerCase();
      const rank = POPULAR_SYMBOLS.indexOf(symbol);
      const popularity = isNativeToken(token.address)
        ? NATIVE_POPULARITY
        : rank >= 0
          ? POPULAR_SYMBOLS.length - rank
          : 0;
      const i = entries.push({ token, chainId, symbol, name, popularity }) - 1;
      pushTo(bySymbol, symbol, i);
      if (token.coinKey) pushTo(byCoinKey, token.coinKey.toLowerCase(), i);
      const address = token.address.toLowerCase();
      pushTo(byAddress, address, i);
      byChainAddress.set(`${chainId}:${address}`, i);
      for (const word of new Set(name.split(/[^a-z0-9.]+/))) if (word) pushTo(nameWords, word, i);
    }
  }
  const symbolKeys = [...bySymbol.keys()].sort();
  const wordKeys = [...nameWords.keys()].sort();

  const compare = (a: number, b: number, tiers: Map<number, number>) => {
    const ea = entries[a]!;
    const eb = entries[b]!;
    return (
      tiers.get(a)! - tiers.get(b)! ||
      eb.popularity - ea.popularity ||
      ea.symbol.length - eb.symbol.length ||
      ea.chainId - eb.chainId ||
      (ea.symbol < eb.symbol ? -1 : ea.symbol > eb.symbol ? 1 : 0)
    );
  };

  return {
    size: entries.length,
    get(chainId, address) {
      const i = byChainAddress.get(`${chainId}:${address.toLowerCase()}`);
      return i === undefined ? undefined : entries[i]!.token;
    },
    search(query, options = {}) {
      const limit = options.limit ?? DEFAULT_LIMIT;
      const chainId = options.chainId;
      const q = query.trim().toLowerCase();
      const tiers = new Map<number, number>();
      const add = (indexes: readonly number[] | undefined, tier: number) => {
        for (const i of indexes ?? []) {
          if (chainId !== undefined && entries[i]!.chainId !== chainId) continue;
          const known = tiers.get(i);
          if (known === undefined || tier < known) tiers.set(i, tier);
        }
      };
      const addPrefixRange = (keys: readonly string[], map: Map<string, number[]>, tier: number) => {
        for (let k = lowerBound(keys, q); k < keys.length && keys[k]!.startsWith(q); k++) add(map.get(keys[k]!), tier);
      };

      if (q === '') {
        // Nothing typed: the popular tokens (of the chain, when one is chosen).
        entries.forEach((e, i) => {
          if (e.popularity > 0) add([i], 0);
        });
      } else if (byAddress.has(q)) {
        add(byAddress.get(q), 0);
      } else {
        add(bySymbol.get(q), 0);
        add(byCoinKey.get(q), 0);
        addPrefixRange(symbolKeys, bySymbol, 1);
        addPrefixRange(wordKeys, nameWords, 2);
        if (tiers.size < limit) {
          entries.forEach((e, i) => {
            if (e.symbol.includes(q) || e.name.includes(q)) add([i], 3);
          });
        }
      }
      return [...tiers.keys()]
        .sort((a, b) => compare(a, b, tiers))
        .slice(0, limit)
        .map((i) => entries[i]!.token);
    },
  };
}
