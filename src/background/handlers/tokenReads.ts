import { i18n } from '#i18n';
import { RpcReadError } from '../../chains/rpcReader';
import type { Token } from '../../schemas/catalog';
import { importedTokenKey, importedTokensItem, MAX_IMPORTED_TOKENS } from '../../storage/importedTokens';
import type { BackgroundDeps } from '../deps';
import { TokenImportError } from '../errors';
import { GetBalancesSchema, ImportTokenSchema } from './messageSchemas';

/**
 * Token reads for the popup's token picker, through the trusted RPC of the chain only (never the page's wallet or
 * the service): balances beside the listed tokens, and tokens imported by address, described by their own contract.
 */
export function registerTokenReadHandlers({ handle, chainReads, catalog }: BackgroundDeps): void {
  handle('getBalances', {
    access: 'page',
    schema: GetBalancesSchema,
    run: async ({ chainId, owner, tokens }) => {
      const url = await chainReads.rpcUrl(chainId);
      if (!url || tokens.length === 0) return { balances: {} };
      try {
        const read = await chainReads.rpc.readBalances(url, owner, tokens);
        if (read.rpcChainId !== chainId) return { balances: {} };
        return { balances: Object.fromEntries([...read.balances].map(([token, amount]) => [token, String(amount)])) };
      } catch {
        return { balances: {} };
      }
    },
  });

  handle('importToken', {
    access: 'page',
    schema: ImportTokenSchema,
    run: async ({ chainId, address, save }) => {
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
}
