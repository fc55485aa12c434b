import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { DEBRIDGE_DLN_TOOLS, deBridgeDlnFacetAbi } from '../../../contracts/lifi/deBridgeDln';
import { sameChainAddress } from '../../../lib/addresses';
import { wordToSolanaAddress } from '../../../lib/solanaAddress';
import {
  bridgeArgs,
  bridgeCall,
  bytesToAddress,
  type FacetDecoder,
  isNonEvm,
  isSolana,
  refuse,
  sameAddress,
  ZERO_ADDRESS,
} from './facetArgs';

type DeBridgeDlnData = { receivingAssetId: Hex; receiver: Hex; orderAuthorityDst: Hex; minAmountOut: bigint };

/**
 * DeBridgeDlnFacet: the DLN order the diamond creates carries the token to take on the destination, the amount a
 * taker must pay at least (`takeAmount`), the receiver and the destination chain, so all are proven: a taker who
 * pays less, elsewhere or in another token cannot claim the deposit. The facet does not compare `receiver` with
 * BridgeData's, so the decoder does. `orderAuthorityDst` may cancel or patch the order on the destination: it must be
 * the receiver. DLN's fixed fee is read on chain by the facet (DlnSource.globalFixedNativeFee): for a token it rides
 * in the value, which only the simulation sees; for the native coin it comes out of the amount.
 */
export const deBridgeDlnDecoder: FacetDecoder = {
  facet: 'DeBridgeDlnFacet',
  abi: deBridgeDlnFacetAbi,
  tools: DEBRIDGE_DLN_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<DeBridgeDlnData>(functionName, args);
    const solana = isSolana(Number(bridge.destinationChainId));
    // DLN names accounts as raw bytes: 20 on EVM chains, a 32-byte key on Solana.
    const read = (bytes: Hex): string | undefined =>
      solana ? (bytes.length === 66 ? wordToSolanaAddress(bytes) : undefined) : bytesToAddress(bytes);
    const receiver = read(data.receiver);
    if (!receiver) return refuse(i18n.t('guard.receiverUnreadable'));
    if (!isNonEvm(bridge) && !sameAddress(receiver, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
    const authority = read(data.orderAuthorityDst);
    if (!authority || !sameChainAddress(authority, receiver)) {
      return refuse(i18n.t('guard.orderAuthority', [authority ?? data.orderAuthorityDst]));
    }
    const receivingToken = read(data.receivingAssetId);
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      ...(receivingToken === undefined ? {} : { receivingToken }),
      minAmountOut: data.minAmountOut,
      promised: sameAddress(bridge.sendingAssetId, ZERO_ADDRESS) ? [] : ['nativeFee'],
    });
  },
};
