import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * PolymerCCTPFacet (lifinance/contracts src/Facets/PolymerCCTPFacet.sol, config/polymercctp.json): Circle's CCTP V2
 * through Circle's own TokenMessengerV2, with Polymer's fee taken first.
 *
 * Value-moving fields: BridgeData's token (USDC only), amount, destination (mapped to a CCTP domain by the facet) and
 * receiver (the mint recipient on EVM); `polymerTokenFee` (USDC kept by Polymer before the burn); `maxCCTPFee` (most
 * CCTP may keep on the destination); so at least `minAmount - polymerTokenFee - maxCCTPFee` is minted. For Solana,
 * `nonEVMReceiver` (the owner) and `solanaReceiverATA` (the mint recipient, which the facet does not relate to the
 * owner); HyperCore and Stellar go through Circle's forwarders with `hookData`. `refundRecipient` gets a source
 * swap's leftovers.
 */
/** li.quest's keys: `polymerStandard` is Polymer's standard (not fast) CCTP route, through the same facet. */
export const POLYMER_CCTP_TOOLS = ['polymer', 'polymercctp', 'polymerStandard'] as const;

export const polymerCctpFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct PolymerCCTPData { uint256 polymerTokenFee; uint256 maxCCTPFee; bytes32 nonEVMReceiver; bytes32 solanaReceiverATA; uint32 minFinalityThreshold; address refundRecipient; bytes hookData; }',
  'function startBridgeTokensViaPolymerCCTP(BridgeData _bridgeData, PolymerCCTPData _polymerData)',
  'function swapAndStartBridgeTokensViaPolymerCCTP(BridgeData _bridgeData, SwapData[] _swapData, PolymerCCTPData _polymerData) payable',
]);

/** Circle's USDC mint on Solana, what CCTP mints there. */
export const SOLANA_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
