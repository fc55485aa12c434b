import type { Hex } from 'viem';
import { i18n } from '#i18n';
import { MAYAN_TOOLS, mayanFacetAbi } from '../../../contracts/lifi/mayan';
import { chainOfWormholeId } from '../../../contracts/wormholeChains';
import { wordToSolanaAddress } from '../../../lib/solanaAddress';
import type { DecodeResult, PromisedFigure } from '../types';
import {
  type BridgeData,
  bridgeArgs,
  bridgeCall,
  bytes32ToAddress,
  type FacetDecoder,
  isNonEvm,
  isSolana,
  nonEvmWord,
  refuse,
  sameAddress,
  ZERO_ADDRESS,
} from './facetArgs';
import { type MayanOrder, readMayanOrder } from './mayanOrder';

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

/** Mayan's HyperCore depositor: an order to it pays the real receiver named in its custom payload (MayanFacet.sol). */
const HYPERCORE_DEPOSITOR = '0x56032241C0AdAb58A29b13E94fb595a4bc414e33';

type OrderFigures = {
  receivingToken?: string;
  minAmountOut?: bigint;
  promised: PromisedFigure[];
};

/**
 * What Mayan's own order proves: its Wormhole chain id names the destination (src/contracts/wormholeChains.ts,
 * generated), compared with BridgeData's; the token it names is compared with the choice; MayanCircle's minimum is in
 * the token's units. A Swift minimum (Mayan's normalised units) and figures of a chain the table lacks stay promised.
 */
function orderFigures(order: MayanOrder, bridge: BridgeData): OrderFigures | DecodeResult {
  const chainId = Number(bridge.destinationChainId);
  const destination = chainOfWormholeId(order.wormholeChainId);
  if (destination === undefined) return { promised: ['destinationChain', 'receivingToken', 'minAmountOut'] };
  if (destination !== chainId) return refuse(i18n.t('guard.twoDestinations', [String(destination), String(chainId)]));
  const receivingToken = isSolana(destination) ? wordToSolanaAddress(order.tokenOut) : bytes32ToAddress(order.tokenOut);
  if (!receivingToken) return refuse(i18n.t('guard.tokenUnreadable', [order.tokenOut]));
  return order.protocol === 'circle'
    ? { receivingToken, minAmountOut: order.minAmountOut, promised: [] }
    : { receivingToken, promised: ['minAmountOut'] };
}

/**
 * MayanFacet: the facet reads the receiver out of Mayan's `protocolData` and reverts unless it is BridgeData's
 * receiver (EVM) or `nonEVMReceiver` (Solana, Sui, …), so the receiver is proven. The destination chain, the token
 * delivered and the least received are in Mayan's order inside `protocolData`, which the facet does not check: the
 * decoder reads the order itself (./mayanOrder.ts) where Mayan's layout is known (Swift, MayanCircle) and proves what
 * it names; other layouts (MCTP's bridge calls, Fast MCTP, HyperCore deposits) leave them Mayan's promise.
 */
export const mayanDecoder: FacetDecoder = {
  facet: 'MayanFacet',
  abi: mayanFacetAbi,
  tools: MAYAN_TOOLS,
  decode(functionName, args) {
    const { bridge, swaps, data } = bridgeArgs<MayanData>(functionName, args);
    const chainId = Number(bridge.destinationChainId);
    if (isNonEvm(bridge) && data.nonEVMReceiver === ZERO_WORD) return refuse(i18n.t('guard.noNonEvmReceiver'));
    const order = readMayanOrder(data.protocolData);
    const proven =
      order && !sameAddress(bytes32ToAddress(order.destAddr) ?? ZERO_ADDRESS, HYPERCORE_DEPOSITOR)
        ? orderFigures(order, bridge)
        : { promised: ['destinationChain', 'receivingToken', 'minAmountOut'] as PromisedFigure[] };
    if ('ok' in proven) return proven;
    return bridgeCall(functionName, bridge, swaps, {
      receiver: isNonEvm(bridge) ? nonEvmWord(data.nonEVMReceiver, chainId) : bridge.receiver,
      ...(proven.receivingToken === undefined ? {} : { receivingToken: proven.receivingToken }),
      ...(proven.minAmountOut === undefined ? {} : { minAmountOut: proven.minAmountOut }),
      promised: proven.promised,
      // Leftovers of the facet's own swap go to `refundRecipient`: the receiver (as LI.FI's tests set it) or the
      // person's account (held by the guard's refund check); anyone else is refused.
      ...(data.refundRecipient === ZERO_ADDRESS || sameAddress(data.refundRecipient, bridge.receiver)
        ? {}
        : { extra: { refundAddress: data.refundRecipient } }),
    });
  },
};
