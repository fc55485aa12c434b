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
 * LI.FI's tool keys for Relay: `relaydepository` (BridgeData.bridge of Jumper's transactions) and `relay`, the key
 * LI.FI's routes have long used (and the devnet twin uses). RelayFacet, which `relay` once named, is gone from
 * LI.FI's contracts; should li.quest still send a `relay` route through it, its calldata is refused by name.
 */
export const RELAY_DEPOSITORY_TOOLS = ['relaydepository', 'relay'] as const;

export const relayDepositoryFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct RelayDepositoryData { bytes32 orderId; address depositorAddress; }',
  'function startBridgeTokensViaRelayDepository(BridgeData _bridgeData, RelayDepositoryData _relayDepositoryData) payable',
  'function swapAndStartBridgeTokensViaRelayDepository(BridgeData _bridgeData, SwapData[] _swapData, RelayDepositoryData _relayDepositoryData) payable',
]);
