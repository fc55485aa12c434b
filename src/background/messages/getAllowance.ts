import * as v from 'valibot';
import { AddressSchema, ChainIdNumberSchema } from '../../schemas/primitives';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/**
 * getAllowance: the ERC-20 allowance `owner` gave `spender`, as a decimal string, so the review says whether the
 * wallet will ask for an approval before the transfer. Read through the trusted RPC of the source chain only, and only
 * if that RPC serves the chain asked for; anything else answers no allowance, and the review says an approval may be
 * asked rather than guess that none will.
 */
export const getAllowance = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    token: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    owner: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    spender: v.pipe(AddressSchema, Hex<`0x${string}`>()),
  }),
  run: async ({ chainId, token, owner, spender }, { chainReads }): Promise<{ allowance?: string }> => {
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
