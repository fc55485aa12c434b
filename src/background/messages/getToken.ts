import * as v from 'valibot';
import type { Token } from '../../schemas/catalog';
import { ChainIdNumberSchema } from '../../schemas/primitives';
import { importedTokenKey } from '../../storage/importedTokens';
import { backgroundMessage } from './define';

/** getToken: a listed token from the in-memory index, else one the person imported by address, else null. */
export const getToken = backgroundMessage({
  access: 'any',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    // Non-EVM chains use other address formats (the listing schema only requires a non-empty string).
    address: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  }),
  run: async ({ chainId, address }, { catalog, importedTokens }): Promise<Token | null> =>
    (await catalog.tokenIndex()).get(chainId, address) ??
    (await importedTokens.all())[importedTokenKey(chainId, address)] ??
    null,
});
