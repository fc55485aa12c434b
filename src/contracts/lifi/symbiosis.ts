import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * SymbiosisFacet (lifinance/contracts src/Facets/SymbiosisFacet.sol): hands BridgeData's token and amount to
 * Symbiosis' MetaRouter with Symbiosis' own opaque route (`firstSwapCalldata`, `callData`, `onchainSwapData`, …),
 * signed by LI.FI's backend.
 *
 * Value-moving fields: BridgeData's token, amount, destination and receiver (EVM); `nonEvmReceiver` (bytes32, for a
 * non-EVM destination); `refundRecipient`. Where the funds are paid, which token and how much are inside Symbiosis'
 * calldata, which the facet does not read: LI.FI's own clear-signing proposal leaves Symbiosis out for that reason.
 */
export const SYMBIOSIS_TOOLS = ['symbiosis'] as const;

export const symbiosisFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct SymbiosisData { address refundRecipient; bytes32 nonEvmReceiver; bytes firstSwapCalldata; bytes secondSwapCalldata; address firstDexRouter; address secondDexRouter; address[] approvedTokens; address callTo; bytes callData; bool viaOnchainSwapV3; address dex; address dexgateway; bytes onchainSwapData; uint256 fee; uint256 deadline; bytes signature; }',
  'function startBridgeTokensViaSymbiosis(BridgeData _bridgeData, SymbiosisData _symbiosisData) payable',
  'function swapAndStartBridgeTokensViaSymbiosis(BridgeData _bridgeData, SwapData[] _swapData, SymbiosisData _symbiosisData) payable',
]);
