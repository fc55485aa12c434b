import * as v from 'valibot';
import { i18n } from '#i18n';
import { personRpcChainProblem, personRpcUrlProblem } from '../../chains/personRpc';
import { readSolanaGenesis } from '../../chains/readSolanaGenesis';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { BaseError } from '../../errors/base';
import type { PublicSettings } from '../../model/settings';
import { ChainIdNumberSchema } from '../../schemas/primitives';
import { backgroundMessage } from './define';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The RPC the person typed was not kept: its shape, no answer, or another chain. */
export class PersonRpcError extends BaseError {
  override name = 'PersonRpcError';
}

/**
 * addChainRpc: the RPC the person gives for a chain the extension pins none for (src/popup/ui/RpcPrompt.tsx), kept
 * in the settings' `rpcUrls` (the versioned `local:settings` item every trusted read consults) only once it answers
 * `eth_chainId` with that chain (a Solana RPC: once it answers `getGenesisHash`). Also how Settings → Trusted RPC checks
 * what is typed there before saving. Extension pages only: a page or the service never names an RPC.
 */
export const addChainRpc = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    /** For the words only. */
    chainName: v.pipe(v.string(), v.maxLength(100)),
    url: v.pipe(v.string(), v.maxLength(2048)),
  }),
  run: async ({ chainId, chainName, url }, { settings, chainReads, catalog }): Promise<PublicSettings> => {
    const input = url.trim();
    const shape = personRpcUrlProblem(input);
    if (shape) throw new PersonRpcError(shape);
    if (chainId === SOLANA_CHAIN_ID) {
      await readSolanaGenesis({ rpcUrl: input }).catch((cause: unknown) => {
        throw new PersonRpcError(i18n.t('rpcPrompt.notSolana', [input, chainName]), { cause });
      });
    } else {
      let rpcChainId: number;
      try {
        ({ rpcChainId } = await chainReads.rpc.readHasCode(input, ZERO_ADDRESS));
      } catch (cause) {
        throw new PersonRpcError(i18n.t('rpcPrompt.silent', [input]), { cause });
      }
      // The chain it serves by its name where the catalog lists it: "Arbitrum", not "chain 42161".
      const served = (await catalog.chains.get().catch(() => [])).find((c) => c.id === rpcChainId)?.name;
      const wrong = personRpcChainProblem(input, rpcChainId, chainId, chainName, served);
      if (wrong) throw new PersonRpcError(wrong);
    }
    const { rpcUrls } = await settings.get();
    return settings.update({ rpcUrls: { ...rpcUrls, [String(chainId)]: input } });
  },
});
