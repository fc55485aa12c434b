import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { SYMBIOSIS_TOOLS, symbiosisFacetAbi } from '../../../contracts/lifi/symbiosis';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, nonEvmWord, refuse } from './facetArgs';

type SymbiosisData = { refundRecipient: `0x${string}`; nonEvmReceiver: Hex };

const ZERO_WORD = `0x${'00'.repeat(32)}`;

/**
 * SymbiosisFacet: the diamond hands the funds to Symbiosis' MetaRouter with Symbiosis' own route, which the facet
 * does not read. Only what leaves the sender is proven; the receiver and destination BridgeData names are compared
 * as LI.FI's record, and they, the token and the amount delivered are Symbiosis' promise.
 */
export const symbiosisDecoder: FacetDecoder = {
  facet: 'SymbiosisFacet',
  abi: symbiosisFacetAbi,
  tools: SYMBIOSIS_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<SymbiosisData>(functionName, args);
    if (isNonEvm(bridge) && data.nonEvmReceiver === ZERO_WORD) return refuse(i18n.t('guard.noNonEvmReceiver'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: isNonEvm(bridge) ? nonEvmWord(data.nonEvmReceiver, Number(bridge.destinationChainId)) : bridge.receiver,
      promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      extra: { refundAddress: data.refundRecipient },
    });
  },
};
