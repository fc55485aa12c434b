import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { CIRCLE_USDC } from '../../../contracts/lifi/celerCircle';
import { POLYMER_CCTP_TOOLS, polymerCctpFacetAbi, SOLANA_USDC_MINT } from '../../../contracts/lifi/polymerCctp';
import { bridgeArgs, bridgeCall, type FacetDecoder, isNonEvm, isSolana, nonEvmWord, refuse } from './facetArgs';

type PolymerCCTPData = {
  polymerTokenFee: bigint;
  maxCCTPFee: bigint;
  nonEVMReceiver: Hex;
  solanaReceiverATA: Hex;
  minFinalityThreshold: number;
  refundRecipient: `0x${string}`;
  hookData: Hex;
};

/**
 * PolymerCCTPFacet (CCTP): USDC less Polymer's fee is burned for BridgeData's receiver on BridgeData's destination,
 * where Circle mints native USDC less at most `maxCCTPFee`: receiver, destination, token and the least received
 * (`minAmount - polymerTokenFee - maxCCTPFee`) are proven on EVM. On Solana the USDC is minted to
 * `solanaReceiverATA`, which the facet does not tie to the owner it names: the receiver is then Polymer's promise.
 * HyperCore and Stellar (Circle's forwarders) are refused: the extension knows no USDC there.
 */
export const polymerCctpDecoder: FacetDecoder = {
  facet: 'PolymerCCTPFacet',
  abi: polymerCctpFacetAbi,
  tools: POLYMER_CCTP_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<PolymerCCTPData>(functionName, args);
    const fees = data.polymerTokenFee + data.maxCCTPFee;
    if (fees > bridge.minAmount) return refuse(i18n.t('guard.feeAboveAmount', [String(fees)]));
    const chainId = Number(bridge.destinationChainId);
    const solana = isSolana(chainId);
    if (isNonEvm(bridge) && !solana) return refuse(i18n.t('guard.noNonEvmReceiver'));
    const receivingToken = solana ? SOLANA_USDC_MINT : CIRCLE_USDC[chainId];
    return bridgeCall(functionName, bridge, swaps, {
      receiver: solana ? nonEvmWord(data.nonEVMReceiver, chainId) : bridge.receiver,
      ...(receivingToken ? { receivingToken } : {}),
      minAmountOut: bridge.minAmount - fees,
      ...(solana ? { promised: ['receiver'] as const } : {}),
      // Leftovers of a source swap go to `refundRecipient`; without a swap it is unused.
      ...(swaps.length > 0 ? { extra: { refundAddress: data.refundRecipient } } : {}),
    });
  },
};
