import * as v from 'valibot';
import { LOOKUP_REF } from '../../model/lookup';
import { ChainIdNumberSchema } from '../../schemas/primitives';
import { lookUpTransfer as lookUp } from '../lookup/lookUpTransfer';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/**
 * lookUpTransfer: a transfer made anywhere, by its source transaction hash or LI.FI's transactionId, read on chain
 * through the trusted RPCs (every chain the catalog lists, or the one picked), asked of the service, and followed
 * from then on like the extension's own, marked as looked up (src/background/lookup/). Extension pages only.
 */
export const lookUpTransfer = backgroundMessage({
  access: 'page',
  schema: v.object({
    ref: v.pipe(v.string(), v.trim(), v.regex(LOOKUP_REF, 'must be 0x and 64 hex digits'), v.toLowerCase(), Hex()),
    chainId: v.optional(ChainIdNumberSchema),
  }),
  run: ({ ref, chainId }, { api, catalog, chainReads, store, tracker }) =>
    lookUp(
      {
        reads: chainReads,
        store,
        getStatus: (params) => api.getStatus(params),
        chainIds: async () => (await catalog.chains.get()).filter((c) => c.chainType === 'EVM').map((c) => c.id),
        toolName: async (key) => {
          const tools = await catalog.tools.get().catch(() => undefined);
          return [...(tools?.bridges ?? []), ...(tools?.exchanges ?? [])].find((t) => t.key === key)?.name;
        },
        record: (input) => tracker.record(input),
        check: (txHash) => tracker.check(txHash),
        now: Date.now,
      },
      ref,
      chainId,
    ),
});
