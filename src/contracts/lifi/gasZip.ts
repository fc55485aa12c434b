import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * GasZipFacet (lifinance/contracts src/Facets/GasZipFacet.sol, src/Interfaces/IGasZip.sol): deposits native coin
 * into Gas.zip's router, which pays native gas on the destination chain(s).
 *
 * Value-moving fields: BridgeData's amount (native coin only; a source swap must end in it); `receiverAddress`
 * (bytes32, RIGHT-padded: `bytes32(bytes20(address))`; must equal BridgeData.receiver on EVM); `destinationChains`
 * (Gas.zip's own short chain ids, 16 bits each, several chains split the amount). BridgeData.destinationChainId is
 * not checked against `destinationChains` by the facet. The token delivered is the destination's native coin.
 */
export const GAS_ZIP_TOOLS = ['gasZipBridge'] as const;

export const gasZipFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct GasZipData { bytes32 receiverAddress; uint256 destinationChains; }',
  'function startBridgeTokensViaGasZip(BridgeData _bridgeData, GasZipData _gasZipData) payable',
  'function swapAndStartBridgeTokensViaGasZip(BridgeData _bridgeData, SwapData[] _swapData, GasZipData _gasZipData) payable',
]);
