import * as v from 'valibot';
import { i18n } from '#i18n';
import { RpcReadError } from '../../chains/rpcReader';
import type { Token } from '../../schemas/catalog';
import { AddressSchema, ChainIdNumberSchema } from '../../schemas/primitives';
import { importedTokenKey, importedTokensItem, MAX_IMPORTED_TOKENS } from '../../storage/importedTokens';
import { TokenImportError } from '../errors';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/**
 * importToken: a token that is not in the service's list, as its own contract describes itself through the chain's
 * trusted RPC (never the page's wallet or the service). With `save`, it is also remembered and found by later
 * searches (marked `imported`). Fails with a reason when the address is not a token on that chain or the chain has
 * no trusted RPC.
 */
export const importToken = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    address: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    save: v.boolean(),
  }),
  run: async ({ chainId, address, save }, { catalog, chainReads }): Promise<Token> => {
    // A listed token is the service's (with its price and logo); the list being unavailable is no reason to fail.
    const listed = await catalog
      .tokenIndex()
      .then((index) => index.get(chainId, address))
      .catch(() => undefined);
    if (listed) return listed;
    const url = await chainReads.rpcUrl(chainId);
    if (!url) {
      throw new TokenImportError(i18n.t('bg.noTrustedRpc', [String(chainId)]));
    }
    let read: Awaited<ReturnType<typeof chainReads.rpc.readTokenMetadata>>;
    try {
      read = await chainReads.rpc.readTokenMetadata(url, address);
    } catch (cause) {
      const unreachable = cause instanceof RpcReadError && cause.details === 'retryable';
      throw new TokenImportError(unreachable ? i18n.t('bg.rpcSilent') : i18n.t('bg.notAToken'), { cause });
    }
    if (read.rpcChainId !== chainId) {
      throw new TokenImportError(i18n.t('bg.wrongChainRpc', [String(chainId), String(read.rpcChainId)]));
    }
    const token: Token = {
      address,
      chainId,
      symbol: read.symbol,
      name: read.name,
      decimals: read.decimals,
      imported: true,
    };
    if (save) {
      const stored = await importedTokensItem.getValue();
      const entries = Object.entries({ ...stored, [importedTokenKey(chainId, address)]: token });
      await importedTokensItem.setValue(Object.fromEntries(entries.slice(-MAX_IMPORTED_TOKENS)));
    }
    return token;
  },
});
