import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * RelayDepositoryFacet (lifinance/contracts src/Facets/RelayDepositoryFacet.sol): deposits `BridgeData.minAmount` of
 * `BridgeData.sendingAssetId` into Relay's depository against an `orderId` Relay quoted off-chain.
 *
 * Value-moving fields: only BridgeData's sending token and amount reach the chain (`depositErc20` /
 * `depositNative`). Receiver, destination chain, receiving token and amount all live in Relay's order behind
 * `orderId`: nothing on the source chain checks them. `depositorAddress` is who Relay refunds.
 * (RelayFacet, the earlier Relay integration that carried a signed receiver, was removed from LI.FI in May 2026.)
 */
/**
 * LI.FI's tool key for this facet (BridgeData.bridge of Jumper's transactions). `relay` named the removed RelayFacet,
 * whose calldata the extension does not read: it is left out so no route through it is asked for.
 */
export const RELAY_DEPOSITORY_TOOLS = ['relaydepository'] as const;

export const relayDepositoryFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct RelayDepositoryData { bytes32 orderId; address depositorAddress; }',
  'function startBridgeTokensViaRelayDepository(BridgeData _bridgeData, RelayDepositoryData _relayDepositoryData) payable',
  'function swapAndStartBridgeTokensViaRelayDepository(BridgeData _bridgeData, SwapData[] _swapData, RelayDepositoryData _relayDepositoryData) payable',
]);
