import type { Token } from '../src/schemas/catalog';
import type { TokensByChain } from '../src/storage/tokenDb';

/**
 * The token search's baseline: the same question answered the plain way, by scanning every token, lower-casing its
 * symbol and name and keeping those that contain the query (or whose address is it), up to `limit`, in list order.
 * No ranking and no index: what any search over the list costs on this machine.
 */
export function plainTokenScan(
  tokens: TokensByChain,
  query: string,
  options: { chainId?: number | undefined; limit: number },
): Token[] {
  const q = query.trim().toLowerCase();
  const out: Token[] = [];
  for (const [chainId, list] of Object.entries(tokens)) {
    if (options.chainId !== undefined && Number(chainId) !== options.chainId) continue;
    for (const token of list) {
      const hit =
        q === '' ||
        token.symbol.toLowerCase().includes(q) ||
        token.name.toLowerCase().includes(q) ||
        token.address.toLowerCase() === q;
      if (hit && out.push(token) >= options.limit) return out;
    }
  }
  return out;
}
