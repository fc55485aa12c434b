import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { CHAINFLIP_ASSETS } from '../../../contracts/chainflipAssets';
import { CHAINFLIP_TOOLS, chainflipFacetAbi } from '../../../contracts/lifi/chainflip';
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
 * Solana or Bitcoin address otherwise) and Chainflip's asset id `dstToken`, whose chain and token Chainflip publishes
 * (src/contracts/chainflipAssets.ts, generated): an asset of another chain, or an id Chainflip does not publish, is
 * refused; the token it names is compared with the choice (a Bitcoin asset names none: it stays Chainflip's
 * promise). The least received is in Chainflip's own `cfParameters`: Chainflip's promise.
 */
export const chainflipDecoder: FacetDecoder = {
  facet: 'ChainflipFacet',
  abi: chainflipFacetAbi,
  tools: CHAINFLIP_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<ChainflipData>(functionName, args);
    const chainId = Number(bridge.destinationChainId);
    const receiver = isNonEvm(bridge) ? chainflipReceiver(data.nonEVMReceiver, chainId) : bridge.receiver;
    if (!receiver) return refuse(i18n.t('guard.receiverUnreadable'));
    const asset = CHAINFLIP_ASSETS[data.dstToken];
    if (!asset) return refuse(i18n.t('guard.chainflipUnknownAsset', [String(data.dstToken)]));
    if (asset.chainId !== chainId) {
      return refuse(i18n.t('guard.chainflipAssetChain', [`${asset.symbol} (${asset.chain})`, String(chainId)]));
    }
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      ...(asset.token ? { receivingToken: asset.token } : {}),
      hasDestinationCall: bridge.hasDestinationCall || data.dstCallSwapData.length > 0,
      promised: asset.token ? ['minAmountOut'] : ['receivingToken', 'minAmountOut'],
      extra: { dstToken: BigInt(data.dstToken) },
    });
  },
};
