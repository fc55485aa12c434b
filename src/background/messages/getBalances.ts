import * as v from 'valibot';
import { AddressSchema, ChainIdNumberSchema } from '../../schemas/primitives';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/**
 * getBalances: balances of `owner` for up to 100 tokens of one chain (the zero address for the native coin), beside
 * the popup's token picker, read through the chain's trusted RPC (never the page's wallet or the service) in one
 * batched request, as decimal strings keyed by lower-case address; a token that could not be read is absent, and so
 * is every balance when the chain has no trusted RPC.
 */
export const getBalances = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    owner: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    tokens: v.pipe(v.array(v.pipe(AddressSchema, Hex<`0x${string}`>())), v.maxLength(100, 'at most 100 tokens')),
  }),
  run: async ({ chainId, owner, tokens }, { chainReads }): Promise<{ balances: Record<string, string> }> => {
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
