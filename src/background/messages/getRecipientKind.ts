import * as v from 'valibot';
import { AddressSchema, ChainIdNumberSchema } from '../../schemas/primitives';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/** What the destination chain says a recipient address is; `unused`: an account that never sent and holds nothing. */
export type RecipientKind = 'contract' | 'account' | 'unused' | 'unknown';

/**
 * getRecipientKind: the popup warns before sending to a contract (an exchange's deposit contract or a token address
 * pasted by mistake may not credit a bridged transfer). Read through the trusted RPC of the destination chain only,
 * and only if that RPC serves the chain asked for; anything else is `unknown`, never a guess (the popup then says
 * nothing).
 */
export const getRecipientKind = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    address: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  }),
  run: async ({ chainId, address }, { chainReads }): Promise<{ kind: RecipientKind }> => {
    const url = await chainReads.rpcUrl(chainId);
    if (!url) return { kind: 'unknown' };
    try {
      const read = await chainReads.rpc.readHasCode(url, address);
      if (read.rpcChainId !== chainId) return { kind: 'unknown' };
      // An EIP-7702 account holds only its delegation designator: a person's account, not a contract.
      if (read.hasCode && !read.delegatedTo) return { kind: 'contract' };
      if (read.hasCode) return { kind: 'account' };
      const use = await chainReads.rpc.readAddressUse(url, address);
      if (use.rpcChainId !== chainId) return { kind: 'unknown' };
      return { kind: use.sent === 0n && use.balance === 0n ? 'unused' : 'account' };
    } catch {
      return { kind: 'unknown' };
    }
  },
});
