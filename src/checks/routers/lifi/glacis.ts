import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { GLACIS_TOOLS, glacisFacetAbi } from '../../../contracts/lifi/glacis';
import {
  bridgeArgs,
  bridgeCall,
  bytes32ToAddress,
  type FacetDecoder,
  isNonEvm,
  isSolana,
  nonEvmWord,
  refuse,
  sameAddress,
} from './facetArgs';

type GlacisData = { receiverAddress: Hex; refundAddress: `0x${string}`; nativeFee: bigint; outputToken: Hex };

const ZERO_WORD = `0x${'00'.repeat(32)}`;

/**
 * GlacisFacet: Airlift pays `receiverAddress` (equal to BridgeData's receiver on EVM) on BridgeData's destination,
 * in `outputToken` when it is named. The amount delivered is the amount sent less Airlift's route fee, which the
 * calldata does not bound: the least received is Glacis' promise, as is the token when `outputToken` is left zero
 * ("the same token" on the destination). Airlift's fee rides in the value on top of the amount.
 */
export const glacisDecoder: FacetDecoder = {
  facet: 'GlacisFacet',
  abi: glacisFacetAbi,
  tools: GLACIS_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<GlacisData>(functionName, args);
    const chainId = Number(bridge.destinationChainId);
    let receiver: string;
    if (isNonEvm(bridge)) {
      if (data.receiverAddress === ZERO_WORD) return refuse(i18n.t('guard.noNonEvmReceiver'));
      receiver = nonEvmWord(data.receiverAddress, chainId);
    } else {
      const address = bytes32ToAddress(data.receiverAddress);
      if (!address || !sameAddress(address, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
      receiver = address;
    }
    const named = data.outputToken !== ZERO_WORD;
    const receivingToken = !named
      ? undefined
      : isSolana(chainId)
        ? nonEvmWord(data.outputToken, chainId)
        : bytes32ToAddress(data.outputToken);
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      ...(receivingToken ? { receivingToken } : {}),
      nativeFee: data.nativeFee,
      promised: named ? ['minAmountOut'] : ['receivingToken', 'minAmountOut'],
      extra: { refundAddress: data.refundAddress },
    });
  },
};
