import { describe, expect, it } from 'vitest';
import { makeRoute } from '../../testing/popup/fixtures';
import type { Route } from '../schemas/route';
import { toolsOf, withoutDenied, worthChoosing } from './routeChoice';

const token = (symbol: string, chainId: number) => ({
  address: `0x${symbol.length.toString().repeat(40)}`,
  chainId: String(chainId),
  symbol,
  decimals: 6,
  name: symbol,
});

/** A route through `path` (symbol, chain) pairs, one included step per hop, each by `tools[i]`. */
function through(id: string, path: [string, number][], tools: string[], toAmount: string, gasUSD = '0.01'): Route {
  const base = makeRoute({ id, tool: tools.find((t) => t !== 'uniswap') ?? tools[0], toAmount, gasUSD });
  return {
    ...base,
    includedSteps: tools.map((tool, i) => ({
      id: `${id}:${i}`,
      type: path[i]![1] === path[i + 1]![1] ? 'swap' : 'cross',
      tool,
      action: {
        fromChainId: String(path[i]![1]),
        toChainId: String(path[i + 1]![1]),
        fromToken: token(...path[i]!),
        toToken: token(...path[i + 1]!),
        fromAmount: '1500000',
      },
      estimate: { toAmount },
    })),
  };
}

const ids = (routes: Route[]) => routes.map((r) => r.id);

/** Two signed steps, as a route of several signatures lists them. */
const twoSteps = (id: string): Route['steps'] =>
  [makeRoute({ id: `${id}:1` }), makeRoute({ id: `${id}:2` })].map((step) => ({ ...step, action: step.action! }));

describe('routes worth choosing', () => {
  it('keeps the cheapest of routes with the same tool and output, the rest on request', () => {
    const routes = [
      makeRoute({ id: 'stargate-a', tool: 'stargate', toAmount: '1490000', gasUSD: '0.30' }),
      makeRoute({ id: 'stargate-b', tool: 'stargate', toAmount: '1490000', gasUSD: '0.10' }),
      makeRoute({ id: 'stargate-c', tool: 'stargate', toAmount: '1489900', gasUSD: '0.20' }),
      makeRoute({ id: 'hop', tool: 'hop', toAmount: '1485000' }),
    ];
    expect(worthChoosing(routes)).toEqual({
      shown: [routes[1], routes[3]],
      rest: [routes[0], routes[2]],
    });
  });

  it('leaves out a detour (USDC → WBTC → USDC) that returns no more than a direct route', () => {
    const direct = through(
      'direct',
      [
        ['USDC', 1],
        ['USDC', 10],
      ],
      ['stargate'],
      '1490000',
    );
    const detour = through(
      'detour',
      [
        ['USDC', 1],
        ['WBTC', 1],
        ['WBTC', 10],
        ['USDC', 10],
      ],
      ['uniswap', 'across', 'uniswap'],
      '1470000',
    );
    expect(ids(worthChoosing([detour, direct]).shown)).toEqual(['direct']);
    // A detour that returns clearly more is worth choosing.
    const better = through(
      'detour',
      [
        ['USDC', 1],
        ['WBTC', 1],
        ['WBTC', 10],
        ['USDC', 10],
      ],
      ['uniswap', 'across', 'uniswap'],
      '1600000',
    );
    expect(ids(worthChoosing([better, direct]).shown)).toEqual(['detour', 'direct']);
  });

  it('leaves out a two-signature twin of a one-signature route with the same output and more gas', () => {
    const one = makeRoute({ id: 'one', tool: 'hop', toAmount: '1490000', gasUSD: '0.10' });
    const twin: Route = {
      ...makeRoute({ id: 'two', tool: 'across', toAmount: '1490000', gasUSD: '0.40' }),
      steps: twoSteps('two'),
    };
    expect(worthChoosing([twin, one])).toEqual({ shown: [one], rest: [twin] });
    // The person's pick stays in view whatever it is.
    expect(ids(worthChoosing([twin, one], 'two').shown)).toEqual(['two', 'one']);
  });

  it('never lets two routes hide each other', () => {
    const routes: Route[] = [
      through(
        'detour-one-sig',
        [
          ['USDC', 1],
          ['WBTC', 1],
          ['USDC', 10],
        ],
        ['uniswap', 'across'],
        '1490000',
      ),
      {
        ...through(
          'direct-two-sig',
          [
            ['USDC', 1],
            ['USDC', 10],
          ],
          ['stargate'],
          '1490000',
        ),
        steps: twoSteps('x'),
      },
    ];
    expect(worthChoosing(routes).shown.length).toBeGreaterThan(0);
  });
});

describe('"Never" for a tool', () => {
  it('drops routes using the tool anywhere, an exchange inside a step included', () => {
    const viaUniswap = through(
      'via-uniswap',
      [
        ['USDT', 1],
        ['USDC', 1],
        ['USDC', 10],
      ],
      ['uniswap', 'hop'],
      '1490000',
    );
    const plain = makeRoute({ id: 'plain', tool: 'across' });
    expect([...toolsOf(viaUniswap)].sort()).toEqual(['hop', 'uniswap']);
    expect(ids(withoutDenied([viaUniswap, plain], ['uniswap']))).toEqual(['plain']);
    expect(ids(withoutDenied([viaUniswap, plain], []))).toEqual(['via-uniswap', 'plain']);
  });
});
