import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * DeBridgeDlnFacet (lifinance/contracts src/Facets/DeBridgeDlnFacet.sol): creates a deBridge DLN order (DlnSource
 * `createOrder`) that a taker fills on the destination from its own liquidity.
 *
 * Value-moving fields, all in the order the diamond creates: BridgeData's token and amount (`giveTokenAddress`,
 * `giveAmount`), destination chain (mapped to deBridge's id by the facet), `receivingAssetId` (`takeTokenAddress`,
 * bytes: 20 bytes on EVM, 32 on Solana), `minAmountOut` (`takeAmount`: a taker must pay at least this, or nobody
 * fills and the order is cancelled back), `receiver` (`receiverDst`, bytes; the facet does NOT compare it with
 * BridgeData.receiver), `orderAuthorityDst` (who may cancel or change the order on the destination). DLN's fixed fee
 * is paid in msg.value on top of the amount (DlnSource.globalFixedNativeFee()).
 */
/**
 * The key LI.FI is believed to name deBridge DLN by. Unlike the other facets' keys, it was not found in any public
 * LI.FI request or tools listing, and li.quest refuses a whole request naming a bridge key it does not know, so it
 * is not asked for (src/contracts/lifiDiamond.ts LIFI_CHECKED_BRIDGES) until li.quest's /v1/tools confirms it.
 */
export const DEBRIDGE_DLN_TOOLS = ['debridge'] as const;

export const deBridgeDlnFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct DeBridgeDlnData { bytes receivingAssetId; bytes receiver; bytes orderAuthorityDst; uint256 minAmountOut; }',
  'function startBridgeTokensViaDeBridgeDln(BridgeData _bridgeData, DeBridgeDlnData _deBridgeData) payable',
  'function swapAndStartBridgeTokensViaDeBridgeDln(BridgeData _bridgeData, SwapData[] _swapData, DeBridgeDlnData _deBridgeData) payable',
  'event DlnOrderCreated(bytes32 indexed orderId)',
]);
