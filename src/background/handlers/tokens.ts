import type { Token } from '../../schemas/catalog';
import { toChainIdNumber } from '../../schemas/primitives';
import { importedTokenKey, importedTokensItem } from '../../storage/importedTokens';
import type { BackgroundDeps } from '../deps';
import { GetTokenSchema, SearchTokensSchema } from './messageSchemas';

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
 * searchTokens / getToken: answered from the in-memory index over the cached token list, with the tokens the person
 * imported by address first (they were looked for on purpose).
 */
export function registerTokenHandlers({ handle, catalog }: BackgroundDeps): void {
  // Read once, then again only after an import: searches answer on every keystroke.
  let imported: Promise<Record<string, Token>> | undefined;
  const importedTokens = () => {
    imported ??= importedTokensItem.getValue();
    return imported;
  };
  importedTokensItem.watch(() => {
    imported = undefined;
  });
  handle('searchTokens', {
    access: 'any',
    schema: SearchTokensSchema,
    run: async ({ query, chainId, limit }) => {
      const [index, all] = await Promise.all([catalog.tokenIndex(), importedTokens()]);
      const mine = matchImported(Object.values(all), query, chainId);
      const listed = index.search(query, { chainId, limit });
      return mine.length ? [...mine, ...listed].slice(0, limit ?? listed.length + mine.length) : listed;
    },
  });
  handle('getToken', {
    access: 'any',
    schema: GetTokenSchema,
    run: async ({ chainId, address }) =>
      (await catalog.tokenIndex()).get(chainId, address) ??
      (await importedTokens())[importedTokenKey(chainId, address)] ??
      null,
  });
}
