import { i18n } from '#i18n';
import { ARBITRUM_BRIDGE_TOOLS, arbitrumBridgeFacetAbi } from '../../../contracts/lifi/arbitrumBridge';
import { OPTIMISM_BRIDGE_TOOLS, optimismBridgeFacetAbi } from '../../../contracts/lifi/optimismBridge';
import type { DecodeResult } from '../types';
import {
  type BridgeData,
  bridgeArgs,
  bridgeCall,
  type FacetDecoder,
  isNonEvm,
  refuse,
  sameAddress,
  ZERO_ADDRESS,
} from './facetArgs';

/** The rollups' own bridges are on the diamond on Ethereum only, each to its one L2. */
const ETHEREUM = 1;

/** Refusals shared by both: only from Ethereum, only to their own L2, only to an EVM receiver. */
function rollupRefusal(
  functionName: string,
  sourceChainId: number,
  destination: number,
  bridge: BridgeData,
): DecodeResult | undefined {
  if (sourceChainId !== ETHEREUM) return refuse(i18n.t('guard.unknownFeature', [functionName]));
  if (isNonEvm(bridge)) return refuse(i18n.t('guard.noNonEvmReceiver'));
  if (bridge.destinationChainId !== BigInt(destination)) {
    return refuse(i18n.t('guard.twoDestinations', [String(destination), String(bridge.destinationChainId)]));
  }
  return undefined;
}

type OptimismData = { assetIdOnL2: `0x${string}`; l2Gas: number; isSynthetix: boolean };

/**
 * OptimismBridgeFacet: the standard bridge mints exactly the amount on Optimism to BridgeData's receiver: ETH as
 * ETH, an ERC-20 as `assetIdOnL2`. Everything is proven but the token SNX's own bridge mints (it names none).
 */
export const optimismBridgeDecoder: FacetDecoder = {
  facet: 'OptimismBridgeFacet',
  abi: optimismBridgeFacetAbi,
  tools: OPTIMISM_BRIDGE_TOOLS,
  decode(functionName, args, sourceChainId) {
    const { bridge, swaps, data } = bridgeArgs<OptimismData>(functionName, args);
    const refused = rollupRefusal(functionName, sourceChainId, 10, bridge);
    if (refused) return refused;
    const native = sameAddress(bridge.sendingAssetId, ZERO_ADDRESS);
    const receivingToken = native ? ZERO_ADDRESS : data.isSynthetix ? undefined : data.assetIdOnL2;
    return bridgeCall(functionName, bridge, swaps, {
      receiver: bridge.receiver,
      ...(receivingToken ? { receivingToken } : {}),
      minAmountOut: bridge.minAmount,
      ...(receivingToken ? {} : { promised: ['receivingToken'] as const }),
    });
  },
};

type ArbitrumData = { maxSubmissionCost: bigint; maxGas: bigint; maxGasPrice: bigint };

/**
 * ArbitrumBridgeFacet: Arbitrum pays exactly the amount to BridgeData's receiver; the ticket's cost rides in the value
 * on top (read from the calldata). An ERC-20 arrives as the gateway's counterpart token, which the calldata does not
 * name: that token is Arbitrum's promise (its gateway's), ETH arrives as ETH.
 */
export const arbitrumBridgeDecoder: FacetDecoder = {
  facet: 'ArbitrumBridgeFacet',
  abi: arbitrumBridgeFacetAbi,
  tools: ARBITRUM_BRIDGE_TOOLS,
  decode(functionName, args, sourceChainId) {
    const { bridge, swaps, data } = bridgeArgs<ArbitrumData>(functionName, args);
    const refused = rollupRefusal(functionName, sourceChainId, 42161, bridge);
    if (refused) return refused;
    const native = sameAddress(bridge.sendingAssetId, ZERO_ADDRESS);
    return bridgeCall(functionName, bridge, swaps, {
      receiver: bridge.receiver,
      ...(native ? { receivingToken: ZERO_ADDRESS } : { promised: ['receivingToken'] as const }),
      minAmountOut: bridge.minAmount,
      nativeFee: data.maxSubmissionCost + data.maxGas * data.maxGasPrice,
    });
  },
};
