import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * NEARIntentsFacet (lifinance/contracts src/Facets/NEARIntentsFacet.sol): sends BridgeData's token and amount to a
 * one-time NEAR Intents (1Click) `depositAddress`; NEAR's solvers pay out on the destination. The quote is signed by
 * LI.FI's backend over the whole call and consumed once (`quoteId`).
 *
 * Value-moving fields: BridgeData's token, amount, destination and receiver (EVM); `nonEVMReceiver` (bytes32, the
 * real receiver of a non-EVM destination); `depositAddress` (where the funds go: 1Click's deposit address for the
 * quote); `minAmountOut` (the quote's least received, on the destination: only 1Click's quote binds it to the
 * deposit address); `deadline`; `refundRecipient` (gets back any excess of a source swap).
 */
export const NEAR_INTENTS_TOOLS = ['near'] as const;

export const nearIntentsFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct NEARIntentsData { bytes32 nonEVMReceiver; address depositAddress; bytes32 quoteId; uint256 deadline; uint256 minAmountOut; address refundRecipient; bytes signature; }',
  'function startBridgeTokensViaNEARIntents(BridgeData _bridgeData, NEARIntentsData _nearData) payable',
  'function swapAndStartBridgeTokensViaNEARIntents(BridgeData _bridgeData, SwapData[] _swapData, NEARIntentsData _nearData) payable',
  'event NEARIntentsBridgeStarted(bytes32 indexed transactionId, bytes32 indexed quoteId, address indexed depositAddress, address sendingAssetId, uint256 amount, uint256 deadline, uint256 minAmountOut)',
]);

/**
 * The EIP-712 typed data whose signature NEARIntentsFacet recovers and compares with LI.FI's backend signer: the
 * domain of the diamond on the source chain, one struct of the payload (`receiver` is a word: the EVM receiver
 * padded, or the non-EVM one). The extension recovers who signed (src/checks/promises/nearIntentsBackend.ts); the
 * twin signs with its own key (server/lifi/facetCalls.ts).
 */
export function nearIntentsPayloadDomain(chainId: number, diamond: `0x${string}`) {
  return { name: 'LI.FI NEAR Intents Facet', version: '1', chainId, verifyingContract: diamond } as const;
}

export const NEAR_INTENTS_PAYLOAD_TYPES = {
  NEARIntentsPayload: [
    { name: 'transactionId', type: 'bytes32' },
    { name: 'minAmount', type: 'uint256' },
    { name: 'receiver', type: 'bytes32' },
    { name: 'depositAddress', type: 'address' },
    { name: 'destinationChainId', type: 'uint256' },
    { name: 'sendingAssetId', type: 'address' },
    { name: 'deadline', type: 'uint256' },
    { name: 'quoteId', type: 'bytes32' },
    { name: 'minAmountOut', type: 'uint256' },
  ],
} as const;
