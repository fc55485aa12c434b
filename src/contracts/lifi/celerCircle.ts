import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * CelerCircleBridgeFacet (lifinance/contracts src/Facets/CelerCircleBridgeFacet.sol): Circle's CCTP (V2) through
 * Celer's Circle bridge: USDC is burned on the source and minted to the receiver on the destination.
 *
 * Value-moving fields: BridgeData's token (USDC only), amount, destination and receiver (the mint recipient; EVM
 * only); `maxFee` (most CCTP may keep on the destination: the least received is `minAmount - maxFee`);
 * `minFinalityThreshold` (1000 fast, 2000 standard). The token delivered is the destination's native USDC.
 */
export const CELER_CIRCLE_TOOLS = ['celercircle', 'celercirclefast'] as const;

export const celerCircleBridgeFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct CelerCircleData { uint256 maxFee; uint32 minFinalityThreshold; }',
  'function startBridgeTokensViaCelerCircleBridge(BridgeData _bridgeData, CelerCircleData _celerCircleData)',
  'function swapAndStartBridgeTokensViaCelerCircleBridge(BridgeData _bridgeData, SwapData[] _swapData, CelerCircleData _celerCircleData) payable',
]);
