import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * ChainflipFacet (lifinance/contracts src/Facets/ChainflipFacet.sol): swaps through Chainflip's vault
 * (`xSwapNative` / `xSwapToken`), whose validators pay out on the destination (Bitcoin, Solana, Ethereum, Arbitrum).
 *
 * Value-moving fields: BridgeData's token, amount, destination (mapped to Chainflip's chain id) and receiver (EVM);
 * `nonEVMReceiver` (bytes: the Bitcoin or Solana address); `dstToken` (Chainflip's asset id, e.g. 3 = USDC on
 * Ethereum); `dstCallReceiver` and `dstCallSwapData` (a destination call); `gasAmount`; `cfParameters` (Chainflip's
 * parameters, where the least received lives, as Chainflip encodes it).
 */
export const CHAINFLIP_TOOLS = ['chainflip'] as const;

export const chainflipFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct ChainflipData { bytes nonEVMReceiver; uint32 dstToken; address dstCallReceiver; SwapData[] dstCallSwapData; uint256 gasAmount; bytes cfParameters; }',
  'function startBridgeTokensViaChainflip(BridgeData _bridgeData, ChainflipData _chainflipData) payable',
  'function swapAndStartBridgeTokensViaChainflip(BridgeData _bridgeData, SwapData[] _swapData, ChainflipData _chainflipData) payable',
]);
