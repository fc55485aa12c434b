import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * GlacisFacet (lifinance/contracts src/Facets/GlacisFacet.sol): sends through Glacis Airlift (`AIRLIFT.send`), which
 * moves the token natively (its own bridge, CCIP, LayerZero, …) to the destination.
 *
 * Value-moving fields: BridgeData's token, amount and destination; `receiverAddress` (bytes32 left-padded; must
 * equal BridgeData.receiver on EVM, the real receiver on non-EVM); `outputToken` (bytes32: the token delivered;
 * zero means the same token on the destination); `refundAddress`; `nativeFee` (Airlift's fee, in msg.value on top).
 * Airlift delivers the amount sent less its route's fee: no minimum is in the calldata.
 */
export const GLACIS_TOOLS = ['glacis'] as const;

export const glacisFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct GlacisData { bytes32 receiverAddress; address refundAddress; uint256 nativeFee; bytes32 outputToken; }',
  'function startBridgeTokensViaGlacis(BridgeData _bridgeData, GlacisData _glacisData) payable',
  'function swapAndStartBridgeTokensViaGlacis(BridgeData _bridgeData, SwapData[] _swapData, GlacisData _glacisData) payable',
]);
