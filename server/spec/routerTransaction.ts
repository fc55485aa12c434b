import { type Address, encodeFunctionData, type Hex, stringToHex } from 'viem';
import { LIFI_NON_EVM_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { solanaAddressToWord } from '../../src/lib/solanaAddress';
import type { PricedRoute } from '../routing/priceRoute';
import {
  type BuiltTransaction,
  bridgeCallOf,
  routerSwapData,
  transactionIdOf,
  transactionOf,
} from '../routing/transaction';

/**
 * The spec dialect's transaction: the router call that executes the route, `swap` on one chain, `startBridge`
 * across chains. Amounts and minimums come from the priced route, so the contract enforces what the estimate promised.
 */
export function buildRouterTransaction(
  route: PricedRoute,
  routeId: string,
  from: Address,
  /** An EVM address, or the base58 receiver of a Solana destination. */
  recipient: string,
): BuiltTransaction {
  const { request } = route;
  let data: Hex;
  if (route.path.kind === 'swap') {
    data = routerSwapData({
      tokenIn: request.fromToken.address,
      tokenOut: request.toToken.address,
      amountIn: request.fromAmount,
      minAmountOut: route.toAmountMin,
      recipient,
    });
  } else {
    const { bridgeLeg, minBridgeAmount, nonEvm } = bridgeCallOf(route);
    const params = {
      routeId: transactionIdOf(routeId),
      tool: stringToHex(route.path.bridge, { size: 32 }),
      tokenIn: request.fromToken.address as Address,
      amountIn: request.fromAmount,
      bridgeToken: bridgeLeg.tokenIn.address as Address,
      minBridgeAmount,
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
  return transactionOf(route, { from, to: ROUTER_ADDRESS, data });
}
