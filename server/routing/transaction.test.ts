import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { routerAbi } from '../../src/contracts/router';
import { routingContextOf } from '../testing/routingContext';
import { RECIPIENT, SENDER, USDC, ZERO } from '../testing/serviceClient';
import type { PricedRoute } from './priceRoute';
import { QUOTE_FIELDS, resolveRouteRequest } from './resolveRequest';
import { searchRoutes } from './search';
import { bridgeCallOf, routerSwapData, transactionIdOf, transactionOf } from './transaction';

const ctx = routingContextOf();
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

function routes(fromToken: string, fromAmount: string): PricedRoute[] {
  const request = resolveRouteRequest(
    ctx,
    { fromChain: 1, toChain: 42161, fromToken, toToken: USDC[42161], fromAmount, fromAddress: SENDER },
    QUOTE_FIELDS,
  );
  return searchRoutes(ctx, request).routes;
}

describe('what both dialects’ transactions share', () => {
  it('hands the bridge the amount sent, or the least a source swap delivers', () => {
    const direct = routes(USDC[1], '25000000').find((r) => r.legs.length === 1)!;
    const call = bridgeCallOf(direct);
    expect(call.sourceSwap).toBeUndefined();
    expect(call.minBridgeAmount).toBe(25_000_000n);
    expect(call.bridgeLeg.tokenIn.address).toBe(USDC[1]);
    expect(call.nonEvm).toBe(false);

    const swapFirst = routes(DAI, '25000000000000000000').find((r) => r.path.kind === 'cross' && r.path.srcExchange)!;
    const { sourceSwap, minBridgeAmount } = bridgeCallOf(swapFirst);
    expect(sourceSwap).toBeDefined();
    expect(minBridgeAmount).toBe(sourceSwap!.amountOutMin);
    expect(minBridgeAmount).toBeLessThan(sourceSwap!.amountOut);
  });

  it('sends the native coin with the call only when the route spends it, and adds the contract’s gas with the margin', () => {
    const erc20 = routes(USDC[1], '25000000')[0]!;
    const native = routes(ZERO, '10000000000000000')[0]!;
    const tx = transactionOf(erc20, { from: SENDER, to: RECIPIENT, data: '0x01', gasOverhead: 150_000n });
    expect(tx).toMatchObject({ from: SENDER, to: RECIPIENT, chainId: 1, data: '0x01', value: 0n });
    expect(tx.gasLimit).toBe(((erc20.gasLimit + 150_000n) * 125n) / 100n);
    expect(tx.gasPrice).toBe(erc20.gasPrice);
    expect(transactionOf(native, { from: SENDER, to: RECIPIENT, data: '0x' }).value).toBe(10_000_000_000_000_000n);
  });

  it('derives one 32-byte id per route id, and encodes the router’s swap', () => {
    expect(transactionIdOf('a')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(transactionIdOf('a')).not.toBe(transactionIdOf('b'));
    const data = routerSwapData({
      tokenIn: USDC[1],
      tokenOut: ZERO,
      amountIn: 5n,
      minAmountOut: 4n,
      recipient: SENDER,
    });
    const call = decodeFunctionData({ abi: routerAbi, data });
    expect(call.functionName).toBe('swap');
    expect(call.args).toEqual([USDC[1], ZERO, 5n, 4n, SENDER]);
  });
});
