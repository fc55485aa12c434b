import type { InlineQuote } from '../inlineQuotes';

/**
 * The card's quotes, shared by every tab and page for a while: the same token, amount and destination (with the
 * same route settings) asked again within QUOTE_TTL_MS costs no route search. LI.FI gives a keyless person 75 route
 * searches per two hours; a person browsing token pages in several tabs would otherwise spend them on the card.
 * A "no route" answer is kept too (asking again would find none); failures that may pass (a pause, the network) are
 * not.
 */
export const QUOTE_TTL_MS = 5 * 60_000;
/** Entries kept at once; the oldest are dropped first. */
const MAX_ENTRIES = 500;

export type CachedQuote = { quote: InlineQuote } | { noRoute: string };

export type QuoteCache = {
  get(key: string): CachedQuote | undefined;
  set(key: string, value: CachedQuote): void;
};

export function quoteKey(parts: {
  chainId: number;
  tokenAddress: string;
  fromAmount: bigint;
  toChainId: number;
  settings: string;
}): string {
  return [parts.chainId, parts.tokenAddress.toLowerCase(), parts.fromAmount, parts.toChainId, parts.settings].join('|');
}

export function createQuoteCache(options: { now?: () => number; ttlMs?: number } = {}): QuoteCache {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? QUOTE_TTL_MS;
  const entries = new Map<string, { value: CachedQuote; at: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, at: now() });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
  };
}
