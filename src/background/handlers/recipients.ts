import type { BackgroundDeps } from '../deps';
import { GetRecipientKindSchema } from './messageSchemas';

/**
 * getRecipientKind: the popup warns before sending to a contract (an exchange's deposit contract or a token address
 * pasted by mistake may not credit a bridged transfer). Read through the trusted RPC of the destination chain only,
 * and only if that RPC serves the chain asked for; anything else is `unknown`, never a guess.
 */
export function registerRecipientHandlers({ handle, chainReads }: BackgroundDeps): void {
  handle('getRecipientKind', {
    access: 'page',
    schema: GetRecipientKindSchema,
    run: async ({ chainId, address }) => {
      const url = await chainReads.rpcUrl(chainId);
      if (!url) return { kind: 'unknown' as const };
      try {
        const read = await chainReads.rpc.readHasCode(url, address);
        if (read.rpcChainId !== chainId) return { kind: 'unknown' as const };
        return { kind: read.hasCode ? ('contract' as const) : ('account' as const) };
      } catch {
        return { kind: 'unknown' as const };
      }
    },
  });
}
