import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { chainflipFacetAbi } from '../../../contracts/lifi/chainflip';
import {
  bridgeArgs,
  bridgeCall,
  type FacetDecoder,
  isNonEvm,
  isSolana,
  nonEvmText,
  nonEvmWord,
  refuse,
  type SwapData,
} from './facetArgs';

type ChainflipData = {
  nonEVMReceiver: Hex;
  dstToken: number;
  dstCallReceiver: `0x${string}`;
  dstCallSwapData: readonly SwapData[];
  gasAmount: bigint;
  cfParameters: Hex;
};

/**
 * A non-EVM receiver as Chainflip's vault takes it: the text of the address (LI.FI's own tests send a Solana
 * address so, and Bitcoin's is text), or a Solana public key's 32 bytes.
 */
function chainflipReceiver(bytes: Hex, chainId: number): string | undefined {
  const text = nonEvmText(bytes);
  if (text) return text;
  return isSolana(chainId) && bytes.length === 66 ? nonEvmWord(bytes, chainId) : undefined;
}

/**
 * ChainflipFacet: the vault swap names the destination chain (the facet maps BridgeData's, and reverts on any other
 * than Ethereum, Arbitrum, Solana and Bitcoin), the receiver (BridgeData's on EVM, `nonEVMReceiver` as the text of a
 * Solana or Bitcoin address otherwise) and Chainflip's asset id `dstToken`; the least received is in Chainflip's
 * own `cfParameters`. The token (the extension keeps no table of Chainflip's asset ids) and the minimum are
 * Chainflip's promise.
 */
export const chainflipDecoder: FacetDecoder = {
  facet: 'ChainflipFacet',
  abi: chainflipFacetAbi,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<ChainflipData>(functionName, args);
    const chainId = Number(bridge.destinationChainId);
    const receiver = isNonEvm(bridge) ? chainflipReceiver(data.nonEVMReceiver, chainId) : bridge.receiver;
    if (!receiver) return refuse(i18n.t('guard.receiverUnreadable'));
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      hasDestinationCall: bridge.hasDestinationCall || data.dstCallSwapData.length > 0,
      promised: ['receivingToken', 'minAmountOut'],
      extra: { dstToken: BigInt(data.dstToken) },
    });
  },
};
