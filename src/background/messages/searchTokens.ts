import * as v from 'valibot';
import type { Token } from '../../schemas/catalog';
import { ChainIdNumberSchema, toChainIdNumber } from '../../schemas/primitives';
import { backgroundMessage } from './define';

/** The person's imported tokens matching a search: same chain, symbol or name containing it, or its exact address. */
function matchImported(tokens: Token[], query: string, chainId: number | undefined): Token[] {
  const q = query.trim().toLowerCase();
  return tokens.filter(
    (token) =>
      (chainId === undefined || toChainIdNumber(token.chainId) === chainId) &&
      (q === '' ||
        token.address.toLowerCase() === q ||
        token.symbol.toLowerCase().includes(q) ||
        token.name.toLowerCase().includes(q)),
  );
}

/**
 * searchTokens: answered from the in-memory index over the cached token list, with the tokens the person imported
 * by address first (they were looked for on purpose).
 */
export const searchTokens = backgroundMessage({
  access: 'any',
  schema: v.object({
    query: v.pipe(v.string(), v.maxLength(100)),
    chainId: v.optional(ChainIdNumberSchema),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
  }),
  run: async ({ query, chainId, limit }, { catalog, importedTokens }): Promise<Token[]> => {
    const [index, all] = await Promise.all([catalog.tokenIndex(), importedTokens.all()]);
    const mine = matchImported(Object.values(all), query, chainId);
    const listed = index.search(query, { chainId, limit });
    return mine.length ? [...mine, ...listed].slice(0, limit ?? listed.length + mine.length) : listed;
  },
});
