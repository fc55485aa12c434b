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
 * Keys deBridge DLN may go by in LI.FI's listing (`dln` in the devnet twin's). None was found in a public LI.FI
 * request; only those li.quest's own tools listing names are asked for (src/api/lifi/routes.ts).
 */
export const DEBRIDGE_DLN_TOOLS = ['debridge', 'dln'] as const;

export const deBridgeDlnFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct DeBridgeDlnData { bytes receivingAssetId; bytes receiver; bytes orderAuthorityDst; uint256 minAmountOut; }',
  'function startBridgeTokensViaDeBridgeDln(BridgeData _bridgeData, DeBridgeDlnData _deBridgeData) payable',
  'function swapAndStartBridgeTokensViaDeBridgeDln(BridgeData _bridgeData, SwapData[] _swapData, DeBridgeDlnData _deBridgeData) payable',
  'event DlnOrderCreated(bytes32 indexed orderId)',
]);
