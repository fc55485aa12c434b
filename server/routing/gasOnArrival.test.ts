import { describe, expect, it } from 'vitest';
import { routingContextOf } from '../testing/routingContext';
import { SENDER, USDC, ZERO } from '../testing/serviceClient';
import { priceGasOnArrival } from './gasOnArrival';
import { QUOTE_FIELDS, resolveRouteRequest } from './resolveRequest';
import type { RouteRequest } from './routeRequest';

const ctx = routingContextOf();
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

function request(fromToken: string, fromAmountForGas: bigint): RouteRequest {
  const resolved = resolveRouteRequest(
    ctx,
    { fromChain: 1, toChain: 42161, fromToken, toToken: USDC[42161], fromAmount: '50000000', fromAddress: SENDER },
    QUOTE_FIELDS,
  );
  return { ...resolved, fromAmountForGas };
}

describe('priceGasOnArrival', () => {
  it('swaps the part of an ERC-20 sent to ETH, at no more than the slippage below the quote', () => {
    const req = request(USDC[1], 5_000_000n);
    const priced = priceGasOnArrival(ctx, req, 'across', req.fromToken);
    if (!priced.ok) throw new Error(priced.failures[0]?.message);
    expect(priced.gas.amountIn).toBe(5_000_000n);
    expect(priced.gas.token).toMatchObject({ address: ZERO, chainId: '42161', symbol: 'ETH' });
    // 5 USDC at the devnet's ETH price is a few thousandths of an ETH.
    expect(priced.gas.nativeOut).toBeGreaterThan(10n ** 14n);
    expect(priced.gas.nativeOut).toBeLessThan(10n ** 16n);
    // The default slippage, 0.5 %, rounded down.
    const { nativeOut, nativeOutMin } = priced.gas;
    expect(nativeOutMin).toBeLessThanOrEqual((nativeOut * 995n) / 1000n);
    expect(nativeOutMin).toBeGreaterThanOrEqual((nativeOut * 995n) / 1000n - 1n);
  });

  it('takes native coin sent as it is, with no swap', () => {
    const req = request(ZERO, 10n ** 15n);
    const priced = priceGasOnArrival(ctx, req, 'across', req.fromToken);
    expect(priced).toMatchObject({ ok: true, gas: { amountIn: 10n ** 15n, nativeOut: 10n ** 15n } });
  });

  it('is not offered where the token sent is swapped before the bridge', () => {
    const req = request(DAI, 5n * 10n ** 18n);
    const bridged = ctx.catalog.findToken(1, USDC[1])!;
    const priced = priceGasOnArrival(ctx, req, 'across', bridged);
    expect(priced).toMatchObject({ ok: false, failures: [{ tool: 'across', code: 'NO_POSSIBLE_ROUTE' }] });
  });
});
