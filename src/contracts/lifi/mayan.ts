import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * MayanFacet (lifinance/contracts src/Facets/MayanFacet.sol): forwards BridgeData's token and amount to a Mayan
 * protocol contract (`mayanProtocol`: Swift, MCTP, Fast MCTP, Wormhole) with Mayan's own `protocolData`.
 *
 * Value-moving fields: BridgeData's token, amount, destination and receiver; `nonEVMReceiver` (bytes32, the real
 * receiver of a non-EVM destination such as Solana or Sui; zero on EVM). The facet parses the receiver out of
 * Mayan's `protocolData` (by Mayan's selector) and reverts unless it equals BridgeData.receiver (EVM) or
 * `nonEVMReceiver` (non-EVM), so the receiver is proven either way. The token delivered, the least received and the
 * deadline are in `protocolData` too, in layouts of Mayan's own (Swift, MCTP, Fast MCTP; several versions) that the
 * facet does not check. `swapProtocol`, `swapData`, `middleToken`, `minMiddleAmount`, `mayanAmountIn` and
 * `refundRecipient` serve the facet's optional swap inside Mayan's forwarder.
 */
export const MAYAN_TOOLS = ['mayan', 'mayanWH', 'mayanMCTP', 'mayanFastMCTP'] as const;

export const mayanFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct MayanData { bytes32 nonEVMReceiver; address mayanProtocol; bytes protocolData; address swapProtocol; bytes swapData; address middleToken; uint256 minMiddleAmount; address refundRecipient; uint256 mayanAmountIn; }',
  'function startBridgeTokensViaMayan(BridgeData _bridgeData, MayanData _mayanData) payable',
  'function swapAndStartBridgeTokensViaMayan(BridgeData _bridgeData, SwapData[] _swapData, MayanData _mayanData) payable',
]);
