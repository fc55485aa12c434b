import { i18n } from '#i18n';
import { CELER_CIRCLE_TOOLS, CIRCLE_USDC, celerCircleBridgeFacetAbi } from '../../../contracts/lifi/celerCircle';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, refuse } from './facetArgs';

type CelerCircleData = { maxFee: bigint; minFinalityThreshold: number };

/**
 * CelerCircleBridgeFacet (CCTP): USDC is burned for BridgeData's receiver on BridgeData's destination, where Circle
 * mints native USDC less at most `maxFee`. Everything is proven: the receiver and destination are the burn's, the
 * token is the destination's USDC (Circle's own, src/contracts/lifi/celerCircle.ts), the least received is
 * `minAmount - maxFee` (with source swaps the burn is at least `minAmount`).
 */
export const celerCircleDecoder: FacetDecoder = {
  facet: 'CelerCircleBridgeFacet',
  abi: celerCircleBridgeFacetAbi,
  tools: CELER_CIRCLE_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<CelerCircleData>(functionName, args);
    // The facet mints to BridgeData.receiver itself: the non-EVM placeholder would receive the USDC.
    if (isNonEvm(bridge)) return refuse(i18n.t('guard.noNonEvmReceiver'));
    if (data.maxFee > bridge.minAmount) return refuse(i18n.t('guard.feeAboveAmount', [String(data.maxFee)]));
    const receivingToken = CIRCLE_USDC[Number(bridge.destinationChainId)];
    return bridgeCall(functionName, bridge, swaps, {
      receiver: bridge.receiver,
      ...(receivingToken ? { receivingToken } : {}),
      minAmountOut: bridge.minAmount - data.maxFee,
      extra: { maxFee: data.maxFee, minFinalityThreshold: BigInt(data.minFinalityThreshold) },
    });
  },
};
