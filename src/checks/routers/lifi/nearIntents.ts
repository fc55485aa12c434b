import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { NEAR_INTENTS_TOOLS, nearIntentsFacetAbi } from '../../../contracts/lifi/nearIntents';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, nonEvmWord, refuse } from './facetArgs';

type NEARIntentsData = {
  nonEVMReceiver: Hex;
  depositAddress: `0x${string}`;
  quoteId: Hex;
  deadline: bigint;
  minAmountOut: bigint;
  refundRecipient: `0x${string}`;
  signature: Hex;
};

const ZERO_WORD = `0x${'00'.repeat(32)}`;

/**
 * NEARIntentsFacet: the funds go to a one-time `depositAddress` of NEAR Intents' 1Click quote; who is paid, where,
 * in which token and how much is that quote's. The calldata names the receiver, the destination and `minAmountOut`
 * (signed by LI.FI's backend, not held by any contract), so the guard compares them, and they stay NEAR's promise.
 */
export const nearIntentsDecoder: FacetDecoder = {
  facet: 'NEARIntentsFacet',
  abi: nearIntentsFacetAbi,
  tools: NEAR_INTENTS_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<NEARIntentsData>(functionName, args);
    if (isNonEvm(bridge) && data.nonEVMReceiver === ZERO_WORD) return refuse(i18n.t('guard.noNonEvmReceiver'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: isNonEvm(bridge) ? nonEvmWord(data.nonEVMReceiver, Number(bridge.destinationChainId)) : bridge.receiver,
      minAmountOut: data.minAmountOut,
      promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      extra: { refundAddress: data.refundRecipient, depositAddress: data.depositAddress },
    });
  },
};
