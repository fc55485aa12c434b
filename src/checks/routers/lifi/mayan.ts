import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { mayanFacetAbi } from '../../../contracts/lifi/mayan';
import {
  bridgeArgs,
  bridgeCall,
  type FacetDecoder,
  isNonEvm,
  nonEvmWord,
  refuse,
  sameAddress,
  ZERO_ADDRESS,
} from './facetArgs';

type MayanData = {
  nonEVMReceiver: Hex;
  mayanProtocol: `0x${string}`;
  protocolData: Hex;
  swapProtocol: `0x${string}`;
  swapData: Hex;
  middleToken: `0x${string}`;
  minMiddleAmount: bigint;
  refundRecipient: `0x${string}`;
  mayanAmountIn: bigint;
};

const ZERO_WORD = `0x${'00'.repeat(32)}`;

/**
 * MayanFacet: the facet reads the receiver out of Mayan's `protocolData` and reverts unless it is BridgeData's
 * receiver (EVM) or `nonEVMReceiver` (Solana, Sui, …), so the receiver is proven. The destination chain, the token
 * delivered and the least received are in Mayan's order inside `protocolData`, which the facet does not check: they
 * are Mayan's promise.
 */
export const mayanDecoder: FacetDecoder = {
  facet: 'MayanFacet',
  abi: mayanFacetAbi,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<MayanData>(functionName, args);
    const chainId = Number(bridge.destinationChainId);
    if (isNonEvm(bridge) && data.nonEVMReceiver === ZERO_WORD) return refuse(i18n.t('guard.noNonEvmReceiver'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver: isNonEvm(bridge) ? nonEvmWord(data.nonEVMReceiver, chainId) : bridge.receiver,
      promised: ['destinationChain', 'receivingToken', 'minAmountOut'],
      // Leftovers of the facet's own swap go to `refundRecipient`: the receiver (as LI.FI's tests set it) or the
      // person's account (held by the guard's refund check); anyone else is refused.
      ...(data.refundRecipient === ZERO_ADDRESS || sameAddress(data.refundRecipient, bridge.receiver)
        ? {}
        : { extra: { refundAddress: data.refundRecipient } }),
    });
  },
};
