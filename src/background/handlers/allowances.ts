import type { BackgroundDeps } from '../deps';
import { GetAllowanceSchema } from './messageSchemas';

/**
 * getAllowance: the review step says whether the wallet will ask for an approval before the transfer. Read through
 * the trusted RPC of the source chain only, and only if that RPC serves the chain asked for; anything else answers
 * no allowance, and the review says an approval may be asked rather than guess that none will.
 */
export function registerAllowanceHandlers({ handle, chainReads }: BackgroundDeps): void {
  handle('getAllowance', {
    access: 'page',
    schema: GetAllowanceSchema,
    run: async ({ chainId, token, owner, spender }) => {
      const url = await chainReads.rpcUrl(chainId);
      if (!url) return {};
      try {
        const read = await chainReads.rpc.readAllowance(url, token, owner, spender);
        if (read.rpcChainId !== chainId) return {};
        return { allowance: read.allowance.toString() };
      } catch {
        return {};
      }
    },
  });
}
