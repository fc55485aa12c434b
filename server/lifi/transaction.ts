import { type Address, encodeFunctionData, type Hex, keccak256, pad, toHex, zeroAddress } from 'viem';
import { acrossNamedToken } from '../../src/contracts/acrossSpokePool';
import {
  acrossFacetV4Abi,
  genericSwapFacetV3Abi,
  LIFI_DIAMOND_ADDRESS,
  LIFI_NON_EVM_ADDRESS,
} from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { solanaAddressToWord } from '../../src/lib/solanaAddress';
import { isNativeToken } from '../../src/schemas/primitives';
import type { PricedRoute, SwapLegPriced } from '../routing/priceRoute';
import { gasLimitWithMargin } from '../routing/transaction';

/** Gas the diamond adds over the router call it makes (deposit, approvals, balance reads, events). */
const DIAMOND_GAS_OVERHEAD = 150_000n;
/** Across's `fillDeadline`: how long relayers may fill the deposit (production uses hours). */
const FILL_DEADLINE_SEC = 6 * 60 * 60;
const MULTIPLIER_BASE = 10n ** 18n;

export type DiamondTransaction = {
  from: Address;
  to: Address;
  chainId: number;
  data: Hex;
  value: bigint;
  gasLimit: bigint;
  gasPrice: bigint;
};

export type DiamondCallInput = {
  route: PricedRoute;
  routeId: string;
  from: Address;
  /** An EVM address, or the base58 receiver of a Solana destination. */
  recipient: string;
  integrator: string;
  /** Seconds since the epoch (Across's quoteTimestamp). */
  now: number;
};

/** `transactionId` of BridgeData / the swap facet: 32 bytes derived from the route id, as LI.FI derives it from its own. */
export function lifiTransactionId(routeId: string): Hex {
  return keccak256(toHex(routeId));
}

/** One LibSwap.SwapData calling the devnet router's `swap`, its output going to the diamond. */
function swapData(leg: SwapLegPriced) {
  return {
    callTo: ROUTER_ADDRESS,
    approveTo: ROUTER_ADDRESS,
    sendingAssetId: leg.tokenIn.address as Address,
    receivingAssetId: leg.tokenOut.address as Address,
    fromAmount: leg.amountIn,
    callData: encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [
        leg.tokenIn.address as Address,
        leg.tokenOut.address as Address,
        leg.amountIn,
        leg.amountOutMin,
        LIFI_DIAMOND_ADDRESS,
      ],
    }),
    requiresDeposit: true,
  };
}

const word = (address: string): Hex => pad(address as Hex, { size: 32 });

/**
 * The transaction of a route in production's calldata layout: GenericSwapFacetV3 for a same-chain swap,
 * AcrossFacetV4 (with or without a source swap) across chains. Destination swaps would need Across's message
 * handler, so the lifi dialect never offers them (server/README.md).
 */
export function buildDiamondTransaction(input: DiamondCallInput): DiamondTransaction {
  const { route, routeId, from, recipient, integrator, now } = input;
  const { request, legs } = route;
  const transactionId = lifiTransactionId(routeId);
  const nativeIn = isNativeToken(request.fromToken.address);
  let data: Hex;
  if (route.path.kind === 'swap') {
    const leg = legs[0];
    if (leg?.kind !== 'swap') throw new Error('swap route without a swap leg');
    const functionName = nativeIn
      ? 'swapTokensSingleV3NativeToERC20'
      : isNativeToken(request.toToken.address)
        ? 'swapTokensSingleV3ERC20ToNative'
        : 'swapTokensSingleV3ERC20ToERC20';
    data = encodeFunctionData({
      abi: genericSwapFacetV3Abi,
      functionName,
      args: [transactionId, integrator, '', recipient as Address, route.toAmountMin, swapData(leg)],
    });
  } else {
    const bridgeLeg = legs.find((leg) => leg.kind === 'bridge');
    if (bridgeLeg?.kind !== 'bridge') throw new Error('cross-chain route without a bridge leg');
    if (route.path.dstExchange) throw new Error('destination swaps are not offered in the lifi dialect');
    const sourceSwap = legs[0]?.kind === 'swap' ? legs[0] : undefined;
    // As production for a non-EVM receiver: LI.FI's placeholder in BridgeData, the real Solana key and mint in
    // Across's own data (and LI.FI's chain ID for Solana, which the catalog uses too).
    const nonEvm = request.toChain.chainType !== 'EVM';
    const bridgeData = {
      transactionId,
      bridge: route.path.bridge,
      integrator,
      referrer: zeroAddress,
      sendingAssetId: bridgeLeg.tokenIn.address as Address,
      receiver: nonEvm ? LIFI_NON_EVM_ADDRESS : (recipient as Address),
      // With source swaps, the least they must deliver (the diamond replaces it with what they do deliver).
      minAmount: sourceSwap ? sourceSwap.amountOutMin : request.fromAmount,
      destinationChainId: BigInt(request.toChain.id),
      hasSourceSwaps: sourceSwap !== undefined,
      hasDestinationCall: false,
    };
    const acrossData = {
      receiverAddress: nonEvm ? solanaAddressToWord(recipient) : word(recipient),
      refundAddress: word(from),
      // As production, the native coin is named by the pools' wrapped native token on either side (Across unwraps
      // it on arrival).
      sendingAssetId: word(acrossNamedToken(request.fromChain.id, bridgeLeg.tokenIn.address)),
      receivingAssetId: nonEvm
        ? solanaAddressToWord(bridgeLeg.tokenOut.address)
        : word(acrossNamedToken(request.toChain.id, bridgeLeg.tokenOut.address)),
      // What the receiver gets: the quoted output (Across pays outputAmount exactly).
      outputAmount: route.toAmount,
      // Output per unit bridged, scaled by 1e18 (decimals included): the diamond applies it to the swap's result.
      outputAmountMultiplier: sourceSwap ? (route.toAmount * MULTIPLIER_BASE) / sourceSwap.amountOut : 0n,
      exclusiveRelayer: word(zeroAddress),
      quoteTimestamp: now,
      fillDeadline: now + FILL_DEADLINE_SEC,
      exclusivityParameter: 0,
      message: '0x' as Hex,
    };
    data = sourceSwap
      ? encodeFunctionData({
          abi: acrossFacetV4Abi,
          functionName: 'swapAndStartBridgeTokensViaAcrossV4',
          args: [bridgeData, [swapData(sourceSwap)], acrossData],
        })
      : encodeFunctionData({
          abi: acrossFacetV4Abi,
          functionName: 'startBridgeTokensViaAcrossV4',
          args: [bridgeData, acrossData],
        });
  }
  return {
    from,
    to: LIFI_DIAMOND_ADDRESS,
    chainId: request.fromChain.id,
    data,
    value: nativeIn ? request.fromAmount : 0n,
    gasLimit: gasLimitWithMargin(route.gasLimit + DIAMOND_GAS_OVERHEAD),
    gasPrice: route.gasPrice,
  };
}
