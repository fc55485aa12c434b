import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * StargateFacetV2 (lifinance/contracts src/Facets/StargateFacetV2.sol, src/Interfaces/IStargate.sol): sends through
 * the Stargate V2 pool of `assetId` (taxi or bus) over LayerZero.
 *
 * Value-moving fields: BridgeData's token, amount and destination; `sendParams.to` (bytes32, left-padded; the facet
 * requires it to equal BridgeData.receiver unless there is a destination call); `sendParams.dstEid` (LayerZero
 * endpoint of the destination, e.g. 30110 Arbitrum); `sendParams.minAmountLD` (least the pool delivers, in the
 * source token's local decimals; the pool reverts below it); `sendParams.amountLD` is overwritten with
 * BridgeData.minAmount; `fee.nativeFee` (LayerZero fee, paid in msg.value on top of the amount);
 * `refundAddress` (gets the fee's excess). The token delivered is the destination pool's token of the same asset.
 */
export const STARGATE_V2_TOOLS = ['stargateV2', 'stargateV2Bus'] as const;

export const stargateFacetV2Abi = parseAbi([
  ...LIFI_STRUCTS,
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct StargateData { uint16 assetId; SendParam sendParams; MessagingFee fee; address refundAddress; }',
  'function startBridgeTokensViaStargate(BridgeData _bridgeData, StargateData _stargateData) payable',
  'function swapAndStartBridgeTokensViaStargate(BridgeData _bridgeData, SwapData[] _swapData, StargateData _stargateData) payable',
]);

/**
 * LayerZero V2 endpoint ids of the chains Stargate V2 serves, to the EVM chain ids (docs.layerzero.network, deployed
 * contracts). An endpoint not listed here is refused rather than guessed.
 */
export const LAYERZERO_ENDPOINT_CHAIN_IDS: Readonly<Record<number, number>> = {
  30101: 1,
  30102: 56,
  30106: 43114,
  30109: 137,
  30110: 42161,
  30111: 10,
  30145: 100,
  30150: 8217,
  30151: 1088,
  30177: 2222,
  30181: 5000,
  30183: 59144,
  30184: 8453,
  30214: 534352,
  30280: 1329,
  30295: 14,
};

export const stargateChainId = (endpointId: number): number | undefined => LAYERZERO_ENDPOINT_CHAIN_IDS[endpointId];
