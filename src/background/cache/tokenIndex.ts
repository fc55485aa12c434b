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
  // Symbol and name in one string, for the substring tier's single `includes`.
  const haystacks = entries.map((e) => `${e.symbol}\u0000${e.name}`);

  // The order inside a tier never depends on the query: rank every token once (popular, short symbol, chain ID,
  // symbol), so a search sorts plain integers instead of comparing objects.
  const byRank = entries.map((_, i) => i);
  byRank.sort((a, b) => {
    const ea = entries[a]!;
    const eb = entries[b]!;
    return (
      eb.popularity - ea.popularity ||
      ea.symbol.length - eb.symbol.length ||
      ea.chainId - eb.chainId ||
      (ea.symbol < eb.symbol ? -1 : ea.symbol > eb.symbol ? 1 : 0)
    );
  });
  const rank = new Uint32Array(entries.length);
  byRank.forEach((entryIndex, r) => {
    rank[entryIndex] = r;
  });
  const popularRanks = byRank.filter((i) => entries[i]!.popularity > 0).map((i) => rank[i]!);

  // Marks tokens already taken by a better tier during one search (a new stamp per search, no clearing).
  const taken = new Uint32Array(entries.length);
  let stamp = 0;

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
      stamp++;
      const out: Token[] = [];
      const ranks: number[] = [];
      const consider = (i: number) => {
        if (taken[i] === stamp || (chainId !== undefined && entries[i]!.chainId !== chainId)) return;
        taken[i] = stamp;
        ranks.push(rank[i]!);
      };
      // Ends a tier: its tokens in rank order, as many as still fit. A full page ends the search.
      const flush = () => {
        const sorted = Uint32Array.from(ranks).sort();
        ranks.length = 0;
        for (const r of sorted) {
          if (out.length >= limit) break;
          out.push(entries[byRank[r]!]!.token);
        }
        return out.length >= limit;
      };
      const prefixRange = (keys: readonly string[], map: Map<string, number[]>) => {
        for (let k = lowerBound(keys, q); k < keys.length && keys[k]!.startsWith(q); k++) {
          for (const i of map.get(keys[k]!)!) consider(i);
        }
      };

      if (q === '') {
        // Nothing typed: the popular tokens (of the chain, when one is chosen).
        for (const r of popularRanks) consider(byRank[r]!);
        flush();
        return out;
      }
      const byAddr = byAddress.get(q);
      if (byAddr) {
        for (const i of byAddr) consider(i);
        flush();
        return out;
      }
      for (const i of bySymbol.get(q) ?? []) consider(i);
      for (const i of byCoinKey.get(q) ?? []) consider(i);
      if (flush()) return out;
      prefixRange(symbolKeys, bySymbol);
      if (flush()) return out;
      prefixRange(wordKeys, nameWords);
      if (flush()) return out;
      for (let i = 0; i < haystacks.length; i++) if (haystacks[i]!.includes(q)) consider(i);
      flush();
      return out;
    },
  };
}
