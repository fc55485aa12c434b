import type { BackgroundDeps } from '../deps';
import { GetTokenSchema, SearchTokensSchema } from './messageSchemas';

/** searchTokens / getToken: answered from the in-memory index over the cached token list. */
export function registerTokenHandlers({ handle, catalog }: BackgroundDeps): void {
  handle('searchTokens', {
    access: 'any',
    schema: SearchTokensSchema,
    run: async ({ query, chainId, limit }) => (await catalog.tokenIndex()).search(query, { chainId, limit }),
  });
  handle('getToken', {
    access: 'any',
    schema: GetTokenSchema,
    run: async ({ chainId, address }) => (await catalog.tokenIndex()).get(chainId, address) ?? null,
  });
}
