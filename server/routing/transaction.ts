import { type Address, encodeFunctionData, type Hex, keccak256, stringToHex, toHex } from 'viem';
import { LIFI_NON_EVM_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { solanaAddressToWord } from '../../src/lib/solanaAddress';
import { isNativeToken } from '../../src/schemas/primitives';
import type { PricedRoute } from './priceRoute';

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

/**
 * The router call that executes the route: `swap` on one chain, `startBridge` across chains. Amounts and minimums
 * come from the priced route, so the contract enforces what the estimate promised.
 */
export function buildTransaction(
  route: PricedRoute,
  routeId: string,
  from: Address,
  /** An EVM address, or the base58 receiver of a Solana destination. */
  recipient: string,
): BuiltTransaction {
  const { request, legs } = route;
  let data: Hex;
  if (route.path.kind === 'swap') {
    data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [
        request.fromToken.address as Address,
        request.toToken.address as Address,
        request.fromAmount,
        route.toAmountMin,
        recipient as Address,
      ],
    });
  } else {
    const bridgeLeg = legs.find((leg) => leg.kind === 'bridge');
    if (!bridgeLeg) throw new Error('cross-chain route without a bridge leg');
    const sourceSwap = legs[0]?.kind === 'swap' ? legs[0] : undefined;
    const nonEvm = request.toChain.chainType !== 'EVM';
    const params = {
      routeId: keccak256(toHex(routeId)),
      tool: stringToHex(route.path.bridge, { size: 32 }),
      tokenIn: request.fromToken.address as Address,
      amountIn: request.fromAmount,
      bridgeToken: bridgeLeg.tokenIn.address as Address,
      minBridgeAmount: sourceSwap ? sourceSwap.amountOutMin : request.fromAmount,
      dstChainId: BigInt(request.toChain.id),
      // A Solana destination's receiver and mint do not fit an address: the router takes them as 32-byte keys
      // beside LI.FI's placeholder (contracts/BridgeRouter.sol, startBridgeToNonEvm).
      dstBridgeToken: nonEvm ? LIFI_NON_EVM_ADDRESS : (bridgeLeg.tokenOut.address as Address),
      dstToken: nonEvm ? LIFI_NON_EVM_ADDRESS : (request.toToken.address as Address),
      dstAmount: route.toAmount,
      minDstAmount: route.toAmountMin,
      recipient: nonEvm ? LIFI_NON_EVM_ADDRESS : (recipient as Address),
    };
    data = nonEvm
      ? encodeFunctionData({
          abi: routerAbi,
          functionName: 'startBridgeToNonEvm',
          args: [params, solanaAddressToWord(recipient), solanaAddressToWord(request.toToken.address)],
        })
      : encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [params] });
  }
  return {
    from,
    to: ROUTER_ADDRESS,
    chainId: request.fromChain.id,
    data,
    value: isNativeToken(request.fromToken.address) ? request.fromAmount : 0n,
    gasLimit: gasLimitWithMargin(route.gasLimit),
    gasPrice: route.gasPrice,
  };
}
