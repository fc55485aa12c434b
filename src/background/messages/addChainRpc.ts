import * as v from 'valibot';
import { i18n } from '#i18n';
import { personRpcChainProblem, personRpcUrlProblem } from '../../chains/personRpc';
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
 * `eth_chainId` with that chain. Extension pages only: a page or the service never names an RPC.
 */
export const addChainRpc = backgroundMessage({
  access: 'page',
  schema: v.object({
    chainId: ChainIdNumberSchema,
    /** For the words only. */
    chainName: v.pipe(v.string(), v.maxLength(100)),
    url: v.pipe(v.string(), v.maxLength(2048)),
  }),
  run: async ({ chainId, chainName, url }, { settings, chainReads }): Promise<PublicSettings> => {
    const input = url.trim();
    const shape = personRpcUrlProblem(input);
    if (shape) throw new PersonRpcError(shape);
    let rpcChainId: number;
    try {
      ({ rpcChainId } = await chainReads.rpc.readHasCode(input, ZERO_ADDRESS));
    } catch (cause) {
      throw new PersonRpcError(i18n.t('rpcPrompt.silent', [input]), { cause });
    }
    const wrong = personRpcChainProblem(input, rpcChainId, chainId, chainName);
    if (wrong) throw new PersonRpcError(wrong);
    const { rpcUrls } = await settings.get();
    return settings.update({ rpcUrls: { ...rpcUrls, [String(chainId)]: input } });
  },
});
