import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_ROUTES_LIMIT } from '../../src/schemas/requests';
import { RoutesResponseSchema } from '../../src/schemas/route';
import { postJson, USDC, USDC_TO_ARB_ROUTES, useServer, ZERO } from '../testing/serviceClient';

const body = USDC_TO_ARB_ROUTES;

type Route = v.InferOutput<typeof RoutesResponseSchema>['routes'][number];
const usd = (route: Route, key: 'gasCosts' | 'feeCosts') =>
  (route.estimate[key] ?? []).reduce((sum, item) => sum + Number(item.amountUSD ?? 0), 0);

describe('POST /v1/advanced/routes', () => {
  const service = useServer();
  const routes = async (extra: Record<string, unknown> = {}) => {
    const res = await postJson(`${service.url}/v1/advanced/routes`, { ...body, ...extra });
    expect(res.status).toBe(200);
    return v.parse(RoutesResponseSchema, res.body).routes;
  };

  it('returns up to 10 routes sorted by output by default, each with id, tool and estimate', async () => {
    const list = await routes();
    expect(list.length).toBe(10);
    const outputs = list.map((r) => BigInt(r.estimate.toAmount));
    expect([...outputs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(outputs);
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
    expect(new Set(list.map((r) => r.tool)).size).toBeGreaterThan(2);
  });

  it('describes swap-bridge-swap routes as one step with includedSteps', async () => {
    const list = await routes({ options: { maxRoutes: MAX_ROUTES_LIMIT } });
    const combined = list.find((r) => r.type === 'lifi' && r.includedSteps?.length === 3)!;
    expect(combined.includedSteps?.map((s) => s.type)).toEqual(['swap', 'bridge', 'swap']);
    const steps = combined.includedSteps!;
    expect(steps[0]?.action.fromToken.address).toBe(USDC[1]);
    expect(steps[1]?.tool).toBe(combined.tool);
    expect(steps.at(-1)?.estimate.toAmount).toBe(combined.estimate.toAmount);
    // Each leg feeds the next.
    expect(steps[1]?.action.fromAmount).toBe(steps[0]?.estimate.toAmount);
    expect(combined.estimate.feeCosts?.length).toBe(3);
  });

  it('offers a direct bridge, swap-then-bridge and bridge-then-swap where they exist', async () => {
    const direct = await routes({ toTokenAddress: USDC[42161] });
    expect(direct.some((r) => r.type === 'bridge' && !r.includedSteps)).toBe(true);
    expect(direct.some((r) => r.includedSteps?.map((s) => s.type).join() === 'swap,bridge,swap')).toBe(true);
    const swapFirst = await routes({
      fromTokenAddress: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
      toTokenAddress: USDC[42161],
      fromAmount: '100000000000000000000',
    });
    expect(swapFirst.some((r) => r.includedSteps?.map((s) => s.type).join() === 'swap,bridge')).toBe(true);
    const swapAfter = await routes({ fromTokenAddress: USDC[1] });
    expect(swapAfter.some((r) => r.includedSteps?.map((s) => s.type).join() === 'bridge,swap')).toBe(true);
  });

  it('sorts by TIME, GAS, COST and SAFETY', async () => {
    const time = await routes({ options: { order: 'TIME' } });
    const durations = time.map((r) => r.estimate.executionDuration!);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    expect(time[0]?.tool).toBe('relay');

    const gas = await routes({ options: { order: 'GAS' } });
    const gasUsd = gas.map((r) => usd(r, 'gasCosts'));
    for (let i = 1; i < gasUsd.length; i++) expect(gasUsd[i]!).toBeGreaterThanOrEqual(gasUsd[i - 1]! - 0.011);

    const cost = await routes({ options: { order: 'COST' } });
    const costUsd = cost.map((r) => usd(r, 'gasCosts') + usd(r, 'feeCosts'));
    for (let i = 1; i < costUsd.length; i++) expect(costUsd[i]!).toBeGreaterThanOrEqual(costUsd[i - 1]! - 0.02);

    const safety = await routes({ toTokenAddress: USDC[42161], options: { order: 'SAFETY' } });
    const steps = safety.map((r) => r.includedSteps?.length ?? 1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // Among single-step routes the most reliable bridge comes first.
    expect(safety[0]?.tool).toBe('across');
  });

  it('puts preferred bridges first without hiding the others', async () => {
    const list = await routes({ options: { bridges: { prefer: ['cbridge'] } } });
    const firstOther = list.findIndex((r) => r.tool !== 'cbridge');
    expect(list[0]?.tool).toBe('cbridge');
    expect(list.slice(firstOther).every((r) => r.tool !== 'cbridge')).toBe(true);
    expect(firstOther).toBeGreaterThan(0);
  });

  it('applies allow and deny lists and reports them in unavailableRoutes', async () => {
    const allow = await postJson(`${service.url}/v1/advanced/routes`, {
      ...body,
      options: { bridges: { allow: ['stargate', 'hop'] } },
    });
    const parsed = v.parse(RoutesResponseSchema, allow.body);
    expect(new Set(parsed.routes.map((r) => r.tool))).toEqual(new Set(['stargate', 'hop']));
    expect(parsed.unavailableRoutes?.filteredOut?.map((f) => f.overallPath)).toContain('1:USDC-across-42161:ARB');
    const deny = await routes({ options: { bridges: { deny: ['across', 'relay'] } } });
    expect(deny.some((r) => r.tool === 'across' || r.tool === 'relay')).toBe(false);
  });

  it('honours maxRoutes up to MAX_ROUTES_LIMIT and rejects more', async () => {
    expect((await routes({ options: { maxRoutes: 3 } })).length).toBe(3);
    expect((await routes({ options: { maxRoutes: MAX_ROUTES_LIMIT } })).length).toBeGreaterThan(10);
    const res = await postJson(`${service.url}/v1/advanced/routes`, {
      ...body,
      options: { maxRoutes: MAX_ROUTES_LIMIT + 1 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['options.maxRoutes']);
  });

  it('routes same-chain swaps through each exchange', async () => {
    const list = await routes({ toChainId: '1', toTokenAddress: ZERO });
    expect(list.every((r) => r.type === 'swap')).toBe(true);
    expect(new Set(list.map((r) => r.tool)).size).toBe(list.length);
    expect(list[0]?.estimate.approvalAddress).toBeDefined();
  });

  it('answers 200 with no routes and unavailableRoutes when nothing is possible', async () => {
    const res = await postJson(`${service.url}/v1/advanced/routes`, { ...body, fromAmount: '1000' });
    expect(res.status).toBe(200);
    const parsed = v.parse(RoutesResponseSchema, res.body);
    expect(parsed.routes).toEqual([]);
    const failed = parsed.unavailableRoutes?.failed ?? [];
    expect(failed.length).toBeGreaterThan(0);
    const across = failed.find((f) => f.overallPath === '1:USDC-across-42161:ARB');
    expect(Object.values(across?.subpaths ?? {})[0]?.[0]).toMatchObject({
      errorType: 'NO_QUOTE',
      code: 'AMOUNT_TOO_LOW',
    });
  });

  it.each([
    [{ options: { order: 'CHEAPEST' } }, 'options.order'],
    [{ fromChainId: 'one' }, 'fromChainId'],
    [{ toTokenAddress: undefined }, 'toTokenAddress'],
    [{ options: { slippage: 0.9 } }, 'options.slippage'],
    [{ options: { bridges: { prefer: ['nope'] } } }, 'options.bridges.prefer'],
    [{ fromAmount: 1000 }, 'fromAmount'],
  ])('answers 400 naming the field for %o', async (change, field) => {
    const res = await postJson(`${service.url}/v1/advanced/routes`, { ...body, ...change });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1011);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('accepts numeric chain IDs', async () => {
    expect((await routes({ fromChainId: 1, toChainId: 42161 })).length).toBeGreaterThan(0);
  });
});

describe('routes on the large catalog', () => {
  const service = useServer({ catalog: 'large' });

  it('routes a long-tail token through its hub pools, swap then bridge', async () => {
    const tokens = (await (await fetch(`${service.url}/v1/tokens?chains=1`)).json()) as {
      tokens: Record<string, { address: string; symbol: string; decimals: number; priceUSD: string }[]>;
    };
    const synthetic = tokens.tokens['1']!.find((t) => t.symbol === 'SYN42')!;
    const amount = BigInt(Math.round(500 / Number(synthetic.priceUSD))) * 10n ** BigInt(synthetic.decimals);
    const res = await postJson(`${service.url}/v1/advanced/routes`, {
      fromChainId: '1',
      fromTokenAddress: synthetic.address,
      toChainId: '8453',
      toTokenAddress: USDC[8453],
      fromAmount: amount.toString(),
    });
    const parsed = v.parse(RoutesResponseSchema, res.body);
    expect(parsed.routes.length).toBeGreaterThan(0);
    expect(parsed.routes[0]?.includedSteps?.[0]?.type).toBe('swap');
    expect(['uniswap', '1inch', 'paraswap', '0x', 'sushiswap']).toContain(parsed.routes[0]?.includedSteps?.[0]?.tool);
  });
});

describe('time factor', () => {
  const normal = useServer();
  const fast = useServer({ timeFactor: 0.1 });

  it('scales every execution duration (the devnet runs faster than mainnet)', async () => {
    const request = { ...body, toTokenAddress: USDC[42161], options: { order: 'TIME', maxRoutes: 1 } };
    const slow = v.parse(RoutesResponseSchema, (await postJson(`${normal.url}/v1/advanced/routes`, request)).body);
    const quick = v.parse(RoutesResponseSchema, (await postJson(`${fast.url}/v1/advanced/routes`, request)).body);
    const [a, b] = [slow.routes[0]!.estimate.executionDuration!, quick.routes[0]!.estimate.executionDuration!];
    expect(b).toBeGreaterThanOrEqual(1);
    expect(b).toBeCloseTo(a * 0.1, 0);
  });
});
