import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * OptimismBridgeFacet (lifinance/contracts src/Facets/OptimismBridgeFacet.sol, config/optimism.json): Optimism's own
 * standard bridge, on Ethereum only (the diamond's storage names one L1 bridge, Optimism's, and one per token).
 *
 * Value-moving fields: BridgeData's token, amount (minted 1:1 on Optimism) and receiver (paid by the bridge
 * itself); `assetIdOnL2` (the token minted on Optimism, for an ERC-20); `isSynthetix` (SNX's own bridge, which
 * names no L2 token); `l2Gas`. The destination is Optimism (10) whatever BridgeData says.
 */
export const OPTIMISM_BRIDGE_TOOLS = ['optimism'] as const;

export const optimismBridgeFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct OptimismData { address assetIdOnL2; uint32 l2Gas; bool isSynthetix; }',
  'function startBridgeTokensViaOptimismBridge(BridgeData _bridgeData, OptimismData _optimismData) payable',
  'function swapAndStartBridgeTokensViaOptimismBridge(BridgeData _bridgeData, SwapData[] _swapData, OptimismData _optimismData) payable',
]);
