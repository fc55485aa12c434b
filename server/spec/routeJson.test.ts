import { describe, expect, it } from 'vitest';
import { ROUTE_ORDERS } from '../../src/schemas/requests';
import { unavailableRoutes } from '../routing/noQuote';
import type { PricedRoute } from '../routing/priceRoute';
import { ROUTES_FIELDS, resolveRouteRequest } from '../routing/resolveRequest';
import type { RoutingContext } from '../routing/routingContext';
import { searchRoutes } from '../routing/search';
import { sortRoutes } from '../routing/sortRoutes';
import { toUnits } from '../routing/units';
import { routingContextOf } from '../testing/routingContext';
import { seededRandom } from '../testing/seededRandom';
import { presentRoute, routeType } from './present';
import { routesAnswerJson } from './routeJson';

/** Where two texts first differ, with some context (a whole 34 KB answer is no readable failure). */
function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}: got …${actual.slice(i - 80, i + 80)}… expected …${expected.slice(i - 80, i + 80)}…`;
}

/** What the handler answered before the serializer: JSON.stringify of the presented routes. */
function straightforward(ctx: RoutingContext, routes: readonly PricedRoute[], unavailable: unknown): string {
  return JSON.stringify({ routes: routes.map((route) => presentRoute(ctx, route)), unavailableRoutes: unavailable });
}

type Seen = { answers: number; routes: number; types: Set<string>; nativeSource: boolean; gasPrices: number };

/** Random routes requests on `ctx`; every answer must be byte-identical to the straightforward serialization. */
function compareRandom(ctx: RoutingContext, seed: number, count: number): Seen {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chains = ctx.catalog.chains.filter((c) => c.chainType === 'EVM');
  const seen: Seen = { answers: 0, routes: 0, types: new Set(), nativeSource: false, gasPrices: 0 };
  for (let n = 0; n < count; n++) {
    const fromChain = pick(chains);
    // A quarter same-chain swaps, the rest cross-chain.
    const toChain = random() < 0.25 ? fromChain : pick(chains);
    const fromToken = pick(ctx.catalog.tokensByChain.get(fromChain.id)!);
    const toToken = pick(ctx.catalog.tokensByChain.get(toChain.id)!);
    if (fromChain === toChain && fromToken === toToken) continue;
    // From dust to more than any bridge carries, so failures and unavailableRoutes are exercised too.
    const usd = 10 ** (random() * 8 - 1);
    const fromAmount = toUnits(usd / ctx.catalog.priceOf(fromToken), fromToken.decimals);
    if (fromAmount === 0n) continue;
    const request = resolveRouteRequest(
      ctx,
      {
        fromChain: fromChain.id,
        toChain: toChain.id,
        fromToken: fromToken.address,
        toToken: toToken.address,
        fromAmount: fromAmount.toString(),
        ...(random() < 0.7 ? { fromAddress: '0x1111111111111111111111111111111111111111' } : {}),
        ...(random() < 0.3 ? { toAddress: '0x2222222222222222222222222222222222222222' } : {}),
        ...(random() < 0.5 ? { slippage: Math.round(random() * 1000) / 10_000 } : {}),
        ...(random() < 0.2 ? { denyBridges: [pick(ctx.catalog.bridges).key] } : {}),
      },
      ROUTES_FIELDS,
    );
    const result = searchRoutes(ctx, request);
    const routes = sortRoutes(result.routes, pick(ROUTE_ORDERS)).slice(0, 1 + Math.floor(random() * 20));
    const unavailable = unavailableRoutes(request, result);
    const fast = routesAnswerJson(ctx, request, routes, unavailable);
    expect(firstDifference(fast.text, straightforward(ctx, routes, unavailable))).toBeUndefined();
    // The length of an answer declared ASCII is its Content-Length.
    expect(fast.ascii).toBe(true);
    expect(Buffer.byteLength(fast.text)).toBe(fast.text.length);
    seen.answers++;
    seen.routes += routes.length;
    for (const route of routes) seen.types.add(routeType(route));
    if (routes.length > 0 && fromToken.address === '0x0000000000000000000000000000000000000000')
      seen.nativeSource = true;
    seen.gasPrices += new Set(routes.map((r) => r.gasPrice)).size > 1 ? 1 : 0;
  }
  return seen;
}

describe('routesAnswerJson', () => {
  it('writes the same bytes as JSON.stringify of the presented routes on random requests', () => {
    const seen = compareRandom(routingContextOf('default'), 20261122, 400);
    // The comparison means something only if every shape of route went through it.
    expect(seen.answers).toBeGreaterThan(300);
    expect(seen.routes).toBeGreaterThan(1000);
    expect([...seen.types].sort()).toEqual(['bridge', 'lifi', 'swap']);
    expect(seen.nativeSource).toBe(true);
  });

  it('matches with scaled durations, another route secret and the large catalog', () => {
    expect(
      compareRandom(routingContextOf('default', { timeFactor: 0.05, routeSecret: 'other' }), 7, 150).routes,
    ).toBeGreaterThan(300);
    expect(compareRandom(routingContextOf('large'), 11, 150).routes).toBeGreaterThan(300);
  });

  it('declares an answer ASCII only when the catalog text and the request are', () => {
    const base = routingContextOf('default');
    const request = resolveRouteRequest(
      base,
      {
        fromChain: 1,
        toChain: 42161,
        fromToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        toToken: '0x912CE59144191C1204E64559FE8253a0e49E6548',
        fromAmount: '2500000000',
      },
      ROUTES_FIELDS,
    );
    const routes = sortRoutes(searchRoutes(base, request).routes, 'OUTPUT').slice(0, 10);
    expect(routesAnswerJson(base, request, routes, {}).ascii).toBe(true);
    const nonAsciiCatalog: RoutingContext = { ...base, catalog: { ...base.catalog, asciiText: false } };
    expect(routesAnswerJson(nonAsciiCatalog, request, routes, {}).ascii).toBe(false);
    const message = { failed: [{ message: 'Stargate: minimum transfer is 1 USD, got 0.5 US$ – too low' }] };
    const answer = routesAnswerJson(base, request, routes, message);
    expect(answer.ascii).toBe(false);
    expect(answer.text).toBe(straightforward(base, routes, message));
  });

  it('matches when the gas price changes between the routes of one answer', () => {
    const base = routingContextOf('default');
    let tick = 0n;
    const ctx: RoutingContext = { ...base, gas: { gasPrice: (chainId) => base.gas.gasPrice(chainId) + tick++ } };
    const seen = compareRandom(ctx, 3, 100);
    expect(seen.gasPrices).toBeGreaterThan(10);
  });
});
