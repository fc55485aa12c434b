import { type Address, encodeFunctionData, type Hex, pad, zeroAddress } from 'viem';
import { acrossNamedToken } from '../../src/contracts/acrossSpokePool';
import {
  acrossFacetV4Abi,
  genericSwapFacetV3Abi,
  LIFI_DIAMOND_ADDRESS,
  LIFI_NON_EVM_ADDRESS,
} from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { solanaAddressToWord } from '../../src/lib/solanaAddress';
import { isNativeToken } from '../../src/schemas/primitives';
import type { BridgePromiseBook } from '../routing/bridgePromises';
import type { PricedRoute, SwapLegPriced } from '../routing/priceRoute';
import {
  type BuiltTransaction,
  bridgeCallOf,
  routerSwapData,
  transactionIdOf,
  transactionOf,
} from '../routing/transaction';
import { encodeFacetCall } from './facetCalls';
import { gasOnArrivalSwapData } from './gasOnArrivalCall';

/** Gas the diamond adds over the router call it makes (deposit, approvals, balance reads, events). */
const DIAMOND_GAS_OVERHEAD = 150_000n;
/** Across's `fillDeadline`: how long relayers may fill the deposit (production uses hours). */
const FILL_DEADLINE_SEC = 6 * 60 * 60;
const MULTIPLIER_BASE = 10n ** 18n;

export type DiamondCallInput = {
  route: PricedRoute;
  routeId: string;
  from: Address;
  /** An EVM address, or the base58 receiver of a Solana destination. */
  recipient: string;
  integrator: string;
  /** Seconds since the epoch (Across's quoteTimestamp). */
  now: number;
  /** Where the service records what it quoted, for the bridges whose calldata carries no minimum (devnet). */
  promises?: BridgePromiseBook | undefined;
};

/** One LibSwap.SwapData calling the devnet router's `swap`, its output going to the diamond. */
function swapData(leg: SwapLegPriced) {
  return {
    callTo: ROUTER_ADDRESS,
    approveTo: ROUTER_ADDRESS,
    sendingAssetId: leg.tokenIn.address as Address,
    receivingAssetId: leg.tokenOut.address as Address,
    fromAmount: leg.amountIn,
    callData: routerSwapData({
      tokenIn: leg.tokenIn.address,
      tokenOut: leg.tokenOut.address,
      amountIn: leg.amountIn,
      minAmountOut: leg.amountOutMin,
      recipient: LIFI_DIAMOND_ADDRESS,
    }),
    requiresDeposit: true,
  };
}

const word = (address: string): Hex => pad(address as Hex, { size: 32 });

/** DLN's fixed fee on the devnet: what contracts/DlnSourceDev.sol states (`globalFixedNativeFee`, 0.001 coin). */
export const DLN_DEVNET_FIXED_FEE = 10n ** 15n;

/**
 * The transaction of a route in production's calldata layout: GenericSwapFacetV3 for a same-chain swap,
 * AcrossFacetV4 or the route's bridge facet (server/lifi/facetCalls.ts; with or without a source swap) across
 * chains. Destination swaps would need the bridge's message handler, so they become a second step
 * (server/lifi/multiStep.ts).
 */
export function buildDiamondTransaction(input: DiamondCallInput): BuiltTransaction {
  const { route, routeId, from, recipient, integrator, now } = input;
  const { request, legs } = route;
  const transactionId = transactionIdOf(routeId);
  let data: Hex;
  if (route.path.kind === 'swap') {
    const leg = legs[0];
    if (leg?.kind !== 'swap') throw new Error('swap route without a swap leg');
    const functionName = isNativeToken(request.fromToken.address)
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
    if (route.path.dstExchange) throw new Error('destination swaps are not offered in the lifi dialect');
    const { bridgeLeg, sourceSwap, minBridgeAmount, nonEvm } = bridgeCallOf(route);
    // The bridge call's swap steps: the source swap, or Gas.zip's part for gas on arrival (never both here).
    const swaps = route.gasOnArrival
      ? [gasOnArrivalSwapData(route, recipient)]
      : sourceSwap
        ? [swapData(sourceSwap)]
        : undefined;
    // As production for a non-EVM receiver: LI.FI's placeholder in BridgeData, the real Solana key and mint in
    // Across's own data (and LI.FI's chain ID for Solana, which the catalog uses too).
    const bridgeData = {
      transactionId,
      bridge: route.path.bridge,
      integrator,
      referrer: zeroAddress,
      sendingAssetId: bridgeLeg.tokenIn.address as Address,
      receiver: nonEvm ? LIFI_NON_EVM_ADDRESS : (recipient as Address),
      // With source swaps, the least they must deliver (the diamond replaces it with what they do deliver).
      minAmount: minBridgeAmount,
      destinationChainId: BigInt(request.toChain.id),
      hasSourceSwaps: swaps !== undefined,
      hasDestinationCall: false,
    };
    // What the receiver is promised; the relayer pays it where the facet's calldata carries no minimum.
    input.promises?.record(transactionId, { tool: route.path.bridge, toAmount: route.toAmount });
    // Relay: the order Relay's solver would sign for this quote (its own id, a fresh salt each time), which the
    // devnet's Relay API serves and its relayer pays, whatever BridgeData says.
    const relayOrder =
      route.path.bridge === 'relay' && !nonEvm
        ? input.promises?.relayOrders?.issue({
            fromChainId: request.fromChain.id,
            currency: bridgeLeg.tokenIn.address,
            amount: minBridgeAmount,
            depositor: from,
            toChainId: request.toChain.id,
            recipient,
            toCurrency: bridgeLeg.tokenOut.address,
            minimumAmount: route.toAmountMin,
            expectedAmount: route.toAmount,
            now,
          })
        : undefined;
    if (route.path.bridge !== 'across') {
      const call = encodeFacetCall(route.path.bridge, bridgeLeg.tokenIn.coinKey, {
        ...(relayOrder ? { relayOrderId: relayOrder.orderId } : {}),
        bridgeData,
        from,
        recipient,
        fromChainId: request.fromChain.id,
        toChainId: request.toChain.id,
        toToken: bridgeLeg.tokenOut.address,
        minOut: route.toAmountMin,
        expectedOut: route.toAmount,
        bridged: minBridgeAmount,
        nonEvm,
        now,
      });
      data = swaps ? call.swapAndStart(swaps) : call.start;
      // deBridge DLN: an order of a token carries DLN's fixed fee beside it, as the facet reads it from DlnSource.
      const nativeFee =
        route.path.bridge === 'dln' && !isNativeToken(bridgeLeg.tokenIn.address) ? DLN_DEVNET_FIXED_FEE : 0n;
      return transactionOf(route, {
        from,
        to: LIFI_DIAMOND_ADDRESS,
        data,
        gasOverhead: DIAMOND_GAS_OVERHEAD,
        nativeFee,
      });
    }
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
      outputAmountMultiplier: swaps
        ? outputMultiplier(route, sourceSwap ?? { amountOut: minBridgeAmount }, minBridgeAmount)
        : 0n,
      exclusiveRelayer: word(zeroAddress),
      quoteTimestamp: now,
      fillDeadline: now + FILL_DEADLINE_SEC,
      exclusivityParameter: 0,
      message: '0x' as Hex,
    };
    data = swaps
      ? encodeFunctionData({
          abi: acrossFacetV4Abi,
          functionName: 'swapAndStartBridgeTokensViaAcrossV4',
          args: [bridgeData, swaps, acrossData],
        })
      : encodeFunctionData({
          abi: acrossFacetV4Abi,
          functionName: 'startBridgeTokensViaAcrossV4',
          args: [bridgeData, acrossData],
        });
  }
  return transactionOf(route, { from, to: LIFI_DIAMOND_ADDRESS, data, gasOverhead: DIAMOND_GAS_OVERHEAD });
}

/** a / b rounded up. */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The multiplier the diamond applies to what the source swap delivered, rounded up so that both promises hold on
 * chain: the quoted output when the swap delivers its estimate, and at least the route's shown minimum when it
 * delivers only its own minimum (a floored multiplier guaranteed one unit less than the screen said, which the
 * extension's guard rightly refuses).
 */
function outputMultiplier(
  route: { toAmount: bigint; toAmountMin: bigint },
  sourceSwap: { amountOut: bigint },
  minBridgeAmount: bigint,
): bigint {
  const quoted = ceilDiv(route.toAmount * MULTIPLIER_BASE, sourceSwap.amountOut);
  const floor = ceilDiv(route.toAmountMin * MULTIPLIER_BASE, minBridgeAmount);
  return quoted > floor ? quoted : floor;
}
