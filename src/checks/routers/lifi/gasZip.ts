import { getAddress, type Hex, sliceHex } from 'viem';
import { i18n } from '#i18n';
import { chainOfGasZipId } from '../../../contracts/gasZipChains';
import { GAS_ZIP_TOOLS, gasZipFacetAbi } from '../../../contracts/lifi/gasZip';
import {
  bridgeArgs,
  bridgeCall,
  type FacetDecoder,
  isNonEvm,
  isSolana,
  nonEvmWord,
  refuse,
  sameAddress,
  ZERO_ADDRESS,
} from './facetArgs';

type GasZipData = { receiverAddress: Hex; destinationChains: bigint };

/** Gas.zip packs one short chain id per 16 bits; more than one splits the amount across chains. */
const ONE_CHAIN = 1n << 16n;

/**
 * GasZipFacet: Gas.zip's router takes the native coin and pays native gas to `receiverAddress` (right-padded, equal
 * to BridgeData's receiver on EVM) on the chain(s) of `destinationChains`, in Gas.zip's own ids, which the facet does
 * not relate to BridgeData's destination. The receiver is proven; the destination chain is proven by Gas.zip's ids as
 * published (src/contracts/gasZipChains.ts, generated): an id of another chain than BridgeData's is refused, an id
 * the table lacks stays Gas.zip's promise. The amount delivered is Gas.zip's promise. A split across chains is refused.
 */
export const gasZipDecoder: FacetDecoder = {
  facet: 'GasZipFacet',
  abi: gasZipFacetAbi,
  tools: GAS_ZIP_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<GasZipData>(functionName, args);
    if (!sameAddress(bridge.sendingAssetId, ZERO_ADDRESS)) return refuse(i18n.t('guard.gasOnlyNative'));
    if (data.destinationChains === 0n || data.destinationChains >= ONE_CHAIN) {
      return refuse(i18n.t('guard.severalChains'));
    }
    const chainId = Number(bridge.destinationChainId);
    const gasZipDestination = chainOfGasZipId(data.destinationChains);
    if (gasZipDestination !== undefined && gasZipDestination !== chainId) {
      return refuse(i18n.t('guard.twoDestinations', [String(gasZipDestination), String(chainId)]));
    }
    const chainPromised = gasZipDestination === undefined ? (['destinationChain'] as const) : [];
    let receiver: string;
    if (isNonEvm(bridge)) {
      receiver = nonEvmWord(data.receiverAddress, chainId);
    } else {
      // bytes32(bytes20(address)): the address first, then twelve zero bytes.
      if (!/^0x[0-9a-fA-F]{40}0{24}$/.test(data.receiverAddress)) return refuse(i18n.t('guard.receiverUnreadable'));
      receiver = getAddress(sliceHex(data.receiverAddress, 0, 20));
      if (!sameAddress(receiver, bridge.receiver)) return refuse(i18n.t('guard.twoReceivers'));
    }
    const evm = !isNonEvm(bridge) && !isSolana(chainId);
    return bridgeCall(functionName, bridge, swaps, {
      receiver,
      ...(evm ? { receivingToken: ZERO_ADDRESS } : {}),
      promised: evm ? [...chainPromised, 'minAmountOut'] : [...chainPromised, 'receivingToken', 'minAmountOut'],
      extra: { gasZipChain: data.destinationChains },
    });
  },
};
