import { createClient, getChains, getQuote, getStatus, getTokens, getTools } from '@lifi/sdk';
import { decodeFunctionData, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossFacetV4Abi, LIFI_DIAMOND_ADDRESS, lifiDiamondAbi } from '../../src/contracts/lifiDiamond';
import { type RunningServer, startServer } from '../app';
import { seededRandom } from '../testing/seededRandom';
import { RECIPIENT, SENDER, USDC, ZERO } from '../testing/serviceClient';

/**
 * The lifi dialect without a devnet: production's shapes (parsed by the public SDK's own actions), its headers and
 * error codes, production's calldata layout, and random or hostile input answered with `{message, code}`.
 */
let server: RunningServer;
let limited: RunningServer;

beforeAll(async () => {
  server = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
  limited = await startServer({
    dialect: 'lifi',
    logLevel: 'silent',
    keys: { keys: [{ key: 'k-standard', tier: 'standard' }] },
  });
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const ROUTES_BODY = {
  fromChainId: 1,
  toChainId: 42161,
  fromTokenAddress: USDC[1],
  toTokenAddress: USDC[42161],
  fromAmount: '25000000',
  fromAddress: SENDER,
  toAddress: RECIPIENT,
  options: { order: 'CHEAPEST', slippage: 0.005, integrator: 'tests' },
};

describe('lifi dialect shapes', () => {
  it('the SDK reads chains, tools, tokens and quotes, and they carry production members', async () => {
    const client = createClient({ integrator: 'tests', apiUrl: `${server.url}/v1`, disableVersionCheck: true });
    const chains = await getChains(client);
    const eth = chains.find((c) => c.id === 1)!;
    expect(eth.metamask.rpcUrls.length).toBeGreaterThan(0);
    expect(eth.metamask.blockExplorerUrls[0]).toMatch(/\/$/);
    expect(eth.diamondAddress).toBe(LIFI_DIAMOND_ADDRESS);
    expect(eth.nativeToken.priceUSD).toMatch(/^\d/);
    expect('wallet' in eth).toBe(false);

    const tools = await getTools(client);
    const across = tools.bridges.find((b) => b.key === 'across')!;
    expect(across.supportedChains).toContainEqual({ fromChainId: 1, toChainId: 42161 });
    expect(tools.exchanges.find((e) => e.key === 'uniswap')!.supportedChains).toContain(1);

    const tokens = await getTokens(client, { chains: [1] });
    expect(tokens.tokens[1]!.find((t) => t.symbol === 'USDC')!.chainId).toBe(1);

    const quote = await getQuote(client, {
      fromChain: 1,
      toChain: 42161,
      fromToken: USDC[1],
      toToken: USDC[42161],
      fromAmount: '25000000',
      fromAddress: SENDER,
      // Several bridges quote this transfer (server/lifi/sdk.test.ts sends through each); Across's data is read here.
      allowBridges: ['across'],
    });
    expect(quote.type).toBe('lifi');
    expect(quote.includedSteps.map((s) => s.type)).toEqual(['cross']);
    expect(quote.transactionRequest?.to).toBe(LIFI_DIAMOND_ADDRESS);
    const call = decodeFunctionData({ abi: acrossFacetV4Abi, data: quote.transactionRequest!.data as `0x${string}` });
    expect(call.functionName).toBe('startBridgeTokensViaAcrossV4');
    if (call.functionName !== 'startBridgeTokensViaAcrossV4') return;
    const [bridgeData, acrossData] = call.args;
    expect(bridgeData.receiver).toBe(SENDER);
    expect(bridgeData.minAmount).toBe(25_000_000n);
    expect(bridgeData.destinationChainId).toBe(42161n);
    expect(getAddress(`0x${acrossData.receiverAddress.slice(26)}`)).toBe(SENDER);
    expect(acrossData.outputAmount).toBe(BigInt(quote.estimate.toAmount));

    const status = await getStatus(client, { txHash: `0x${'ab'.repeat(32)}` });
    expect(status.status).toBe('NOT_FOUND');
  });

  it('routes answer {routes, unavailableRoutes}, tag the winners and use numeric chain IDs', async () => {
    const res = await post(`${server.url}/v1/advanced/routes`, ROUTES_BODY);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      routes: Record<string, unknown>[];
      unavailableRoutes: { filteredOut: unknown[] };
    };
    const route = body.routes[0]!;
    for (const key of ['id', 'fromChainId', 'fromAmountUSD', 'toAmountMin', 'gasCostUSD', 'steps', 'tags']) {
      expect(route).toHaveProperty(key);
    }
    expect(route.fromChainId).toBe(1);
    expect(route.tags).toContain('RECOMMENDED');
    // Every bridge li.quest offers here has a facet on the devnet diamond, and retired ones are not named: nothing is
    // filtered out unless the request asks.
    expect(body.unavailableRoutes.filteredOut).toEqual([]);
    const stepOf = (r: Record<string, unknown>) => (r.steps as Record<string, unknown>[])[0]!;
    expect(new Set(body.routes.map((r) => stepOf(r).tool)).size).toBeGreaterThanOrEqual(10);
    const step = stepOf(body.routes.find((r) => stepOf(r).tool === 'across')!);
    const estimate = step.estimate as Record<string, unknown>;
    expect(estimate.approvalAddress).toBe(LIFI_DIAMOND_ADDRESS);

    // stepTransaction takes the step as the body, no query, and returns it with a diamond transaction.
    const tx = await post(`${server.url}/v1/advanced/stepTransaction`, step);
    expect(tx.status).toBe(200);
    const withTx = (await tx.json()) as { transactionRequest: { to: string; data: `0x${string}` } };
    expect(withTx.transactionRequest.to).toBe(LIFI_DIAMOND_ADDRESS);
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: withTx.transactionRequest.data }).functionName).toBe(
      'startBridgeTokensViaAcrossV4',
    );
  });

  it('offers a destination swap as a second step, signed on the destination, asked for with what arrived', async () => {
    const ARB = '0x912CE59144191C1204E64559FE8253a0e49E6548';
    // li.quest leaves chain switches out unless asked (`allowSwitchChain` defaults to false).
    const unasked = await post(`${server.url}/v1/advanced/routes`, { ...ROUTES_BODY, toTokenAddress: ARB });
    const single = (await unasked.json()) as { routes: { steps: unknown[] }[] };
    expect(single.routes.every((r) => r.steps.length === 1)).toBe(true);
    const res = await post(`${server.url}/v1/advanced/routes`, {
      ...ROUTES_BODY,
      toTokenAddress: ARB,
      options: { ...ROUTES_BODY.options, allowSwitchChain: true },
    });
    const { routes } = (await res.json()) as {
      routes: {
        toAddress: string;
        steps: { id: string; action: Record<string, unknown>; estimate: Record<string, string> }[];
      }[];
    };
    const route = routes.find((r) => r.steps.length === 2)!;
    const [first, second] = route.steps as [(typeof route.steps)[0], (typeof route.steps)[0]];
    // The bridge delivers to the sender, who signs the swap; the swap pays the chosen recipient.
    expect(first.action.toAddress).toBe(SENDER);
    expect(second.action).toMatchObject({
      fromChainId: 42161,
      toChainId: 42161,
      fromAddress: SENDER,
      toAddress: RECIPIENT,
    });
    expect(route.toAddress).toBe(RECIPIENT);

    // The second step's transaction, for more than estimated (what arrived): priced again for that amount.
    const arrived = (BigInt(second.action.fromAmount as string) + 1000n).toString();
    const later = await post(`${server.url}/v1/advanced/stepTransaction`, {
      ...second,
      action: { ...second.action, fromAmount: arrived },
    });
    expect(later.status).toBe(200);
    const swap = (await later.json()) as {
      id: string;
      estimate: { fromAmount: string };
      transactionRequest: { data: `0x${string}` };
    };
    expect(swap.id).toBe(second.id);
    expect(swap.estimate.fromAmount).toBe(arrived);
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: swap.transactionRequest.data }).functionName).toBe(
      'swapTokensSingleV3ERC20ToERC20',
    );
    // Only a later step takes another amount; and its id does not travel to other tokens.
    const firstOther = await post(`${server.url}/v1/advanced/stepTransaction`, {
      ...first,
      action: { ...first.action, fromAmount: '26000000' },
    });
    expect(firstOther.status).toBe(400);
    expect(((await firstOther.json()) as { message: string }).message).toMatch(/id/);
    const elsewhere = await post(`${server.url}/v1/advanced/stepTransaction`, {
      ...second,
      action: {
        ...second.action,
        toToken: { ...(second.action.toToken as object), address: USDC[42161], decimals: 6 },
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { message: string }).message).toMatch(/id/);
  });

  it('same-chain swaps use GenericSwapFacetV3, native input with value', async () => {
    const res = await fetch(
      `${server.url}/v1/quote?fromChain=eth&toChain=1&fromToken=ETH&toToken=USDC&fromAmount=${10n ** 17n}&fromAddress=${SENDER}`,
    );
    expect(res.status).toBe(200);
    const step = (await res.json()) as { transactionRequest: { data: `0x${string}`; value: string } };
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: step.transactionRequest.data }).functionName).toBe(
      'swapTokensSingleV3NativeToERC20',
    );
    expect(BigInt(step.transactionRequest.value)).toBe(10n ** 17n);
  });
});

describe('lifi dialect errors, keys and limits', () => {
  it('answers bad input with LI.FI codes', async () => {
    const missing = await fetch(
      `${server.url}/v1/quote?fromChain=1&toChain=42161&fromToken=${USDC[1]}&toToken=${USDC[42161]}&fromAmount=1000000`,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 1011, message: expect.stringContaining('fromAddress') });

    const order = await post(`${server.url}/v1/advanced/routes`, { ...ROUTES_BODY, options: { order: 'OUTPUT' } });
    expect(order.status).toBe(400);
    expect(await order.json()).toMatchObject({ code: 1011 });

    const stringChain = await post(`${server.url}/v1/advanced/routes`, { ...ROUTES_BODY, fromChainId: '1' });
    expect(stringChain.status).toBe(400);

    const noRoute = await fetch(
      `${server.url}/v1/quote?fromChain=1&toChain=42161&fromToken=${USDC[1]}&toToken=${USDC[42161]}&fromAmount=1&fromAddress=${SENDER}`,
    );
    expect(noRoute.status).toBe(404);
    expect(await noRoute.json()).toMatchObject({ code: 1002 });

    const forged = await post(`${server.url}/v1/advanced/stepTransaction`, {
      id: 'x~across~USDC~-~-.0000000000000000',
      type: 'lifi',
      tool: 'across',
      action: {
        fromChainId: 1,
        toChainId: 42161,
        fromToken: { address: USDC[1], chainId: 1, decimals: 6, symbol: 'USDC' },
        toToken: { address: USDC[42161], chainId: 42161, decimals: 6, symbol: 'USDC' },
        fromAmount: '25000000',
        fromAddress: SENDER,
      },
      estimate: { toAmount: '24000000', toAmountMin: '23000000' },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 1011, errors: { id: expect.any(String) } });

    const unknownPath = await fetch(`${server.url}/v1/nothing`);
    expect(await unknownPath.json()).toMatchObject({ code: 1003 });
  });

  it('reads the key from x-lifi-api-key and reports ratelimit-* headers, 429 with code 1005', async () => {
    const badKey = await fetch(`${limited.url}/v1/chains`, { headers: { 'x-lifi-api-key': 'nope' } });
    expect(badKey.status).toBe(401);
    expect(await badKey.json()).toMatchObject({ code: 1010 });
    const keyed = await fetch(`${limited.url}/v1/chains`, { headers: { 'x-lifi-api-key': 'k-standard' } });
    expect(keyed.status).toBe(200);
    // LI.FI's default key: 100 requests per minute × 120 over two hours (server/limits/lifiLimits.test.ts).
    expect(keyed.headers.get('ratelimit-limit')).toBe('12000');
    expect(keyed.headers.get('x-ratelimit-limit')).toBeNull();

    // The failed key guess above already counted against this address's keyless allowance (server/limits/access.ts).
    const first = await fetch(`${limited.url}/v1/chains`);
    expect(first.headers.get('ratelimit-remaining')).toBe('98');
    for (let i = 0; i < 98; i++) await fetch(`${limited.url}/v1/chains`);
    const over = await fetch(`${limited.url}/v1/chains`);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 1005 });
    const reset = Number(over.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
  });

  it('answers 2,000 random and hostile requests with JSON {message, code} or success, never a 5xx', async () => {
    const random = seededRandom(16);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const strings = [
      '',
      '1',
      'eth',
      'arb',
      '42161',
      '-1',
      '1e309',
      '0x1',
      'USDC',
      'ETH',
      ZERO,
      SENDER,
      USDC[1],
      'a'.repeat(400),
      '💥',
      '%00',
      'across',
      'nope',
      '0.005',
      '2',
      `0x${'ab'.repeat(32)}`,
    ];
    const values: (() => unknown)[] = [
      () => pick(strings),
      () => null,
      () => 1,
      () => -1,
      () => 1.5,
      () => [],
      () => ({}),
      () => true,
      () => 1e308,
    ];
    const mutate = (value: unknown, depth = 0): unknown => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return pick(values)();
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const key = pick(Object.keys(copy));
      const roll = random();
      if (roll < 0.2) delete copy[key];
      else if (roll < 0.6 && depth < 4 && typeof copy[key] === 'object') copy[key] = mutate(copy[key], depth + 1);
      else copy[key] = pick(values)();
      return copy;
    };
    const step = (
      (await (await post(`${server.url}/v1/advanced/routes`, ROUTES_BODY)).json()) as { routes: { steps: unknown[] }[] }
    ).routes[0]!.steps[0];
    const queries: Record<string, string[]> = {
      '/v1/chains': ['chainTypes'],
      '/v1/tokens': ['chains'],
      '/v1/tools': ['chains'],
      '/v1/status': ['txHash', 'bridge', 'fromChain', 'toChain'],
      '/v1/quote': [
        'fromChain',
        'toChain',
        'fromToken',
        'toToken',
        'fromAmount',
        'fromAddress',
        'toAddress',
        'slippage',
        'order',
        'allowBridges',
        'denyExchanges',
      ],
    };
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2_000; i++) {
      let res: Response;
      let label: string;
      if (random() < 0.5) {
        const path = pick(Object.keys(queries));
        const params = new URLSearchParams();
        for (const name of queries[path]!) if (random() > 0.15) params.append(name, pick(strings));
        label = `GET ${path}?${params}`;
        res = await fetch(`${server.url}${path}?${params}`);
      } else {
        const toStep = random() < 0.5;
        const body = random() < 0.05 ? '{"a":' : JSON.stringify(mutate(toStep ? step : ROUTES_BODY));
        label = `POST ${toStep ? 'stepTransaction' : 'routes'} ${body.slice(0, 160)}`;
        res = await fetch(`${server.url}/v1/advanced/${toStep ? 'stepTransaction' : 'routes'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      let body: { message?: unknown; code?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`not JSON: ${label}`);
        continue;
      }
      if (res.status >= 500) problems.push(`${res.status}: ${label} → ${text.slice(0, 200)}`);
      else if (res.status >= 400 && (typeof body.message !== 'string' || typeof body.code !== 'number')) {
        problems.push(`error without {message, code}: ${label}`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(500);
  }, 120_000);
});
