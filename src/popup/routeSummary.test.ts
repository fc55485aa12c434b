import { describe, expect, it } from 'vitest';
import { makeRoute } from '../../testing/popup/fixtures';
import { withGasStep } from '../../testing/popup/gasOnArrivalRoutes';
import { explainNoRoutes, explainRoutesError } from './noRoutes';
import { losesValue, summarizeRoute, tagRoutes } from './routeSummary';

describe('summarizeRoute', () => {
  it('shows amounts, minimum, USD, fees, gas, time and steps', () => {
    const s = summarizeRoute(makeRoute());
    expect(s).toMatchObject({
      toolName: 'HOP',
      toAmount: '1.49',
      toAmountMin: '1.4825',
      toAmountUSD: 1.49,
      gasUSD: 0.01,
      feesUSD: 0,
      duration: 120,
    });
    expect(s.steps).toEqual(['Bridge 1.5 USDC → 1.49 USDC via HOP']);
    expect(s.path).toBe('USDC → USDC');
    expect(s.priceImpact).toBeCloseTo(1 - 1.49 / 1.5);
    expect(s.valueRatio).toBeCloseTo(1.49 / 1.51);
    expect(losesValue(s)).toBe(false);
    expect(s.signatures).toBe(1);
  });

  it('counts one signature per step of a route signed in steps', () => {
    const route = makeRoute();
    const step = { ...route, action: route.action! };
    expect(summarizeRoute({ ...route, steps: [step, { ...step, id: 'second' }] }).signatures).toBe(2);
  });

  it('tells routes apart by their steps: tokens and amounts in and out, and the tokens in the middle', () => {
    const token = (symbol: string, chainId: number) => ({
      address: `0x${'1'.repeat(40)}`,
      chainId,
      symbol,
      decimals: 6,
      name: symbol,
    });
    const step = (
      type: string,
      tool: string,
      from: [string, number],
      to: [string, number],
      amounts: [string, string],
    ) => ({
      id: `${tool}-${type}`,
      type,
      tool,
      toolDetails: { key: tool, name: tool },
      action: {
        fromChainId: from[1],
        toChainId: to[1],
        fromToken: token(...from),
        toToken: token(...to),
        fromAmount: amounts[0],
      },
      estimate: { toAmount: amounts[1] },
    });
    const viaUsdt = {
      ...makeRoute({ id: 'a' }),
      includedSteps: [
        step('swap', 'Uniswap', ['USDC', 1], ['USDT', 1], ['1500000', '1499000']),
        step('cross', 'Stargate', ['USDT', 1], ['USDT', 10], ['1499000', '1495000']),
        step('swap', 'Uniswap', ['USDT', 10], ['USDC', 10], ['1495000', '1490000']),
      ],
      estimate: {
        ...makeRoute().estimate,
        feeCosts: [
          { name: 'Bridge fee', amount: '3000', amountUSD: '0.003', token: token('USDC', 1) },
          { name: 'LI.FI fee', amount: '1000', amountUSD: '0.25', token: token('USDC', 1) },
        ],
      },
    };
    const s = summarizeRoute(viaUsdt);
    expect(s.steps).toEqual([
      'Swap 1.5 USDC → 1.499 USDT via Uniswap',
      'Bridge 1.499 USDT → 1.495 USDT via Stargate',
      'Swap 1.495 USDT → 1.49 USDC via Uniswap',
    ]);
    expect(s.path).toBe('USDC → USDT → USDT → USDC');
    // The fees in our words: the route's one bridge takes the generic "Bridge fee", LI.FI's item is LI.FI's.
    expect(s.fees).toEqual([
      { name: "Stargate's own fee", usd: 0.003 },
      { name: 'LI.FI (routing service)', usd: 0.25 },
    ]);
  });
  it('flags routes that return under 90 % of what goes in (gas and fees included)', () => {
    expect(losesValue(summarizeRoute(makeRoute({ toAmountUSD: '1.35' })))).toBe(true);
    expect(losesValue(summarizeRoute(makeRoute({ toAmountUSD: '1.49', gasUSD: '0.5' })))).toBe(true);
  });
  it('counts gas on arrival as received, not lost, in the value ratio and the price impact', () => {
    // 1.5 USD in; 1.2 USD of USDC and 0.3 USD of ETH on the destination come out.
    const route = withGasStep(makeRoute({ toAmountUSD: '1.2' }), 300_000n);
    route.includedSteps![0]!.estimate.toAmountUSD = '0.3';
    const summary = summarizeRoute(route);
    expect(summary.valueRatio).toBeCloseTo(1.5 / 1.51);
    expect(losesValue(summary)).toBe(false);
    expect(summary.priceImpact).toBeCloseTo(0);
    expect(losesValue(summarizeRoute(makeRoute({ toAmountUSD: '1.2' })))).toBe(true);
  });
  it('says gas on arrival apart: not in the path, its own step, its amount and chain', () => {
    const summary = summarizeRoute(withGasStep(makeRoute(), 300_000n));
    // Not "USDC → ETH → USDC", as if the USDC were swapped to ETH and back.
    expect(summary.path).toBe('USDC → USDC');
    expect(summary.gasOnArrival).toEqual({ amount: '0.00015', symbol: 'ETH', chainId: '10' });
    expect(summary.steps[0]).toBe('Gas on arrival: 0.3 USDC → 0.00015 ETH via gasZip');
    expect(summarizeRoute(makeRoute()).gasOnArrival).toBeUndefined();
  });

  it('sums gas per chain it is paid on, for a route signed on two chains', () => {
    const route = makeRoute({ gasUSD: '2.02' });
    const arbitrumGas = { ...route.estimate.gasCosts![0]!, amountUSD: '1.11' };
    arbitrumGas.token = { ...arbitrumGas.token, chainId: '42161' };
    route.estimate.gasCosts = [...route.estimate.gasCosts!, arbitrumGas, { ...arbitrumGas, amountUSD: '0.1' }];
    const summary = summarizeRoute(route);
    expect(summary.gasByChain.map((g) => [g.chainId, g.usd.toFixed(2)])).toEqual([
      [String(route.estimate.gasCosts[0]!.token.chainId), '2.02'],
      ['42161', '1.21'],
    ]);
    expect(summary.gasUSD).toBeCloseTo(3.23);
  });

  it('names each fee by the tool of the step that charges it, two that read the same told apart by their step', () => {
    const token = (symbol: string, address: string) => ({ address, chainId: '1', symbol, decimals: 6, name: symbol });
    const usdc = token('USDC', `0x${'1'.repeat(40)}`);
    const wbtc = token('WBTC', `0x${'2'.repeat(40)}`);
    const step = (id: string, tool: string, from: typeof usdc, to: typeof usdc, type = 'swap') => ({
      id,
      type,
      tool,
      toolDetails: { key: tool.toLowerCase(), name: tool },
      action: { fromChainId: '1', toChainId: '1', fromToken: from, toToken: to, fromAmount: '1000' },
      estimate: { toAmount: '990' },
    });
    const route = {
      ...makeRoute(),
      includedSteps: [
        step('s1', 'Uniswap', usdc, wbtc),
        step('s2', 'Across', wbtc, wbtc, 'cross'),
        step('s3', 'Uniswap', wbtc, usdc),
      ],
    };
    route.estimate.feeCosts = [
      { name: 'Uniswap LP fee', amount: '3', amountUSD: '0.01', included: true, token: usdc },
      { name: 'Across fee', amount: '5', amountUSD: '0.02', included: true, token: wbtc },
      { name: 'Uniswap LP fee', amount: '3', amountUSD: '0.03', included: true, token: wbtc },
    ];
    expect(summarizeRoute(route).fees).toEqual([
      { name: "Liquidity providers' fee on Uniswap (step 1)", usd: 0.01 },
      { name: "Across's own fee", usd: 0.02 },
      { name: "Liquidity providers' fee on Uniswap (step 3)", usd: 0.03 },
    ]);
  });

  it('counts a fee taken out of the amount once, and one charged on top in what is spent', () => {
    const route = makeRoute({ toAmountUSD: '11.80', gasUSD: '0.94' });
    route.estimate.fromAmountUSD = '12.50';
    const token = { address: route.action!.fromToken.address, chainId: '1', symbol: 'USDC', decimals: 6 };
    route.estimate.feeCosts = [{ name: 'Relay fee', amount: '700000', amountUSD: '0.70', included: true, token }];
    const inside = summarizeRoute(route);
    expect(inside.feesUSD).toBeCloseTo(0.7);
    expect(inside.spentUSD).toBeCloseTo(13.44);
    expect(inside.valueRatio).toBeCloseTo(11.8 / 13.44);
    route.estimate.feeCosts = [{ name: 'Relay fee', amount: '700000', amountUSD: '0.70', included: false, token }];
    expect(summarizeRoute(route).spentUSD).toBeCloseTo(14.14);
  });

  it('shows as price impact only the market move, not the fees taken out of the amount', () => {
    const route = makeRoute({ toAmountUSD: '11.80' });
    route.estimate.fromAmountUSD = '12.50';
    const token = { address: route.action!.fromToken.address, chainId: '1', symbol: 'USDC', decimals: 6 };
    route.estimate.feeCosts = [{ name: 'Relay fee', amount: '700000', amountUSD: '0.70', included: true, token }];
    expect(summarizeRoute(route).priceImpact).toBeCloseTo(0);
    route.estimate.toAmountUSD = '11.55';
    expect(summarizeRoute(route).priceImpact).toBeCloseTo(0.02);
    // A fee taken from the amount with no USD value and no price: no honest impact to show.
    route.estimate.feeCosts = [{ name: 'Relay fee', amount: '700000', included: true, token }];
    expect(summarizeRoute(route).priceImpact).toBeUndefined();
    // Priced through its token instead.
    route.estimate.feeCosts = [
      { name: 'Relay fee', amount: '700000', included: true, token: { ...token, priceUSD: '1' } },
    ];
    expect(summarizeRoute(route).priceImpact).toBeCloseTo(0.02);
  });

  it('does not warn when prices are unknown', () => {
    const route = makeRoute();
    route.estimate.toAmountUSD = undefined;
    route.estimate.fromAmountUSD = undefined;
    expect(summarizeRoute(route).valueRatio).toBeUndefined();
  });
});

describe('tagRoutes', () => {
  it('tags best return, fastest and cheapest', () => {
    const tags = tagRoutes([
      makeRoute({ id: 'a', toAmount: '100', duration: 600, gasUSD: '5' }),
      makeRoute({ id: 'b', toAmount: '90', duration: 60, gasUSD: '3' }),
      makeRoute({ id: 'c', toAmount: '95', duration: 300, gasUSD: '0.5' }),
    ]);
    expect(tags.get('a')).toEqual(['best return']);
    expect(tags.get('b')).toEqual(['fastest']);
    expect(tags.get('c')).toEqual(['cheapest']);
  });
});

describe('no routes in plain words', () => {
  it('reads tool reasons from unavailableRoutes', () => {
    expect(explainNoRoutes({ failed: [{ subpaths: { p: [{ code: 'AMOUNT_TOO_LOW', tool: 'hop' }] } }] })).toBe(
      'No route for this amount: too small for any bridge. Try a larger amount.',
    );
    expect(explainNoRoutes({ filteredOut: [{ overallPath: 'x', reason: 'denied' }] })).toMatch(/bridge settings/);
    expect(explainNoRoutes(undefined)).toMatch(/No route found/);
  });
  it('reads error codes', () => {
    expect(explainRoutesError({ shortMessage: 'x', code: 1002, details: 'across: INSUFFICIENT_LIQUIDITY' })).toMatch(
      /not enough liquidity/,
    );
    expect(explainRoutesError({ shortMessage: 'x', status: 429 })).toMatch(/busy/);
    expect(explainRoutesError({ shortMessage: 'Could not reach the routing service.' })).toBe(
      'Could not reach the routing service.',
    );
  });

  it('points a 400 about the tool filters to the setting that caused it', () => {
    const refused = {
      shortMessage: 'The routing service did not accept these details.',
      status: 400,
      details: 'options.bridges.deny: unknown bridge uniswap',
    };
    expect(explainRoutesError(refused)).toMatch(/Change them in Settings, under "Bridges and exchanges"/);
    expect(explainRoutesError({ ...refused, details: 'fromAmount must be an integer string' })).toBe(
      refused.shortMessage,
    );
  });
});
