import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * ArbitrumBridgeFacet (lifinance/contracts src/Facets/ArbitrumBridgeFacet.sol): Arbitrum's own bridge from Ethereum:
 * a retryable ticket for ETH, the gateway router for an ERC-20.
 *
 * Value-moving fields: BridgeData's token, amount (paid 1:1 on Arbitrum) and receiver (also the refund address of
 * the ticket's excess fees on Arbitrum); `maxSubmissionCost + maxGas × maxGasPrice`: the ticket's cost, paid in
 * the value on top of the amount. The token an ERC-20 becomes on Arbitrum is the gateway's counterpart, which the
 * calldata does not name. The destination is Arbitrum One (42161) whatever BridgeData says.
 */
export const ARBITRUM_BRIDGE_TOOLS = ['arbitrum'] as const;

export const arbitrumBridgeFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct ArbitrumData { uint256 maxSubmissionCost; uint256 maxGas; uint256 maxGasPrice; }',
  'function startBridgeTokensViaArbitrumBridge(BridgeData _bridgeData, ArbitrumData _arbitrumData) payable',
  'function swapAndStartBridgeTokensViaArbitrumBridge(BridgeData _bridgeData, SwapData[] _swapData, ArbitrumData _arbitrumData) payable',
]);
