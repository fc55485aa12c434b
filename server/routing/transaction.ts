import { type Address, encodeFunctionData, type Hex, keccak256, toHex } from 'viem';
import { routerAbi } from '../../src/contracts/router';
import { isNativeToken } from '../../src/schemas/primitives';
import type { BridgeLegPriced, PricedRoute, SwapLegPriced } from './priceRoute';

/**
 * What both dialects' transactions share, whichever contract they call (the spec dialect's router in
 * server/spec/routerTransaction.ts, LI.FI's diamond in server/lifi/transaction.ts): the id they carry, what a bridge
 * moves, and the envelope of sender, chain, native value and gas. Each dialect encodes only its own calldata.
 */

export type BuiltTransaction = {
  from: Address;
  to: Address;
  chainId: number;
  data: Hex;
  value: bigint;
  gasLimit: bigint;
  gasPrice: bigint;
};

/** Safety margin over the estimate, as LI.FI's `limit` is above its `estimate`. */
export function gasLimitWithMargin(estimate: bigint): bigint {
  return (estimate * 125n) / 100n;
}

/** 32 bytes derived from the route id: the router's `routeId`, the diamond's `transactionId` (as LI.FI derives its own). */
export function transactionIdOf(routeId: string): Hex {
  return keccak256(toHex(routeId));
}

/**
 * The router's `swap`, which both dialects call: the spec's transaction directly, LI.FI's diamond through a
 * SwapData (every swap here runs in the router's own pools).
 */
export function routerSwapData(swap: {
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  minAmountOut: bigint;
  recipient: string;
}): Hex {
  return encodeFunctionData({
    abi: routerAbi,
    functionName: 'swap',
    args: [
      swap.tokenIn as Address,
      swap.tokenOut as Address,
      swap.amountIn,
      swap.minAmountOut,
      swap.recipient as Address,
    ],
  });
}

/** What a cross-chain route's transaction hands its bridge. */
export type BridgeCall = {
  bridgeLeg: BridgeLegPriced;
  /** The swap before the bridge, on the source chain. */
  sourceSwap: SwapLegPriced | undefined;
  /**
   * The least the bridge receives: the amount sent (less gas on arrival), or the source swap's minimum (the contract
   * bridges what it delivers).
   */
  minBridgeAmount: bigint;
  /**
   * A destination that is not an EVM chain (Solana): its receiver and mint do not fit an address, so the call names
   * LI.FI's placeholder where an address goes and carries them as 32-byte keys.
   */
  nonEvm: boolean;
};

export function bridgeCallOf(route: PricedRoute): BridgeCall {
  const { request, legs } = route;
  const bridgeLeg = legs.find((leg) => leg.kind === 'bridge');
  if (bridgeLeg?.kind !== 'bridge') throw new Error('cross-chain route without a bridge leg');
  const sourceSwap = legs[0]?.kind === 'swap' ? legs[0] : undefined;
  return {
    bridgeLeg,
    sourceSwap,
    // Gas on arrival comes out of the amount sent before it is bridged (gasOnArrival.ts: never with a source swap).
    minBridgeAmount: sourceSwap ? sourceSwap.amountOutMin : request.fromAmount - (route.gasOnArrival?.amountIn ?? 0n),
    nonEvm: request.toChain.chainType !== 'EVM',
  };
}

/**
 * A contract call from the sender on the source chain: the native coin goes with it when it is what the route
 * spends, and its gas limit is the route's (plus what the called contract adds) with the margin.
 */
export function transactionOf(
  route: PricedRoute,
  call: { from: Address; to: Address; data: Hex; gasOverhead?: bigint; nativeFee?: bigint },
): BuiltTransaction {
  const { request } = route;
  const amount = isNativeToken(request.fromToken.address) ? request.fromAmount : 0n;
  return {
    from: call.from,
    to: call.to,
    chainId: request.fromChain.id,
    data: call.data,
    // The bridge's own fee in the native coin rides beside the amount (deBridge DLN's on a token order).
    value: amount + (call.nativeFee ?? 0n),
    gasLimit: gasLimitWithMargin(route.gasLimit + (call.gasOverhead ?? 0n)),
    gasPrice: route.gasPrice,
  };
}
