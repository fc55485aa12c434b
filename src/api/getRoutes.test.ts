import { describe, expect, it } from 'vitest';
import { errorBody, route, routesResponse, toolsResponse, USDC_ARB, USDC_ETH, WALLET } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { HttpRequestError, SchemaError } from './errors';
import { getRoutes } from './getRoutes';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

/** The service's tools: three bridges and an exchange, which the spec cannot filter. */
const tools = () => ({
  ...toolsResponse(),
  bridges: ['across', 'hop', 'stargate'].map((key) => ({ key, name: key, supportedChains: [1, 42161] })),
});
const routesBody = (i = 0) =>
  JSON.parse(server.current.requests.filter((r) => r.url === '/v1/advanced/routes')[i]?.body ?? '');

const required = {
  fromChainId: 1,
  fromTokenAddress: USDC_ETH,
  toChainId: '42161',
  toTokenAddress: USDC_ARB,
  fromAmount: 1_000_000n,
};

describe('getRoutes', () => {
  it('POSTs the request body with chain IDs and amount as strings', async () => {
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    await getRoutes(client(), required);
    const [req] = server.current.requests;
    expect(req?.url).toBe('/v1/advanced/routes');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      fromChainId: '1',
      fromTokenAddress: USDC_ETH,
      toChainId: '42161',
      toTokenAddress: USDC_ARB,
      fromAmount: '1000000',
    });
  });

  it('sends every option', async () => {
    server.current.script('GET /v1/tools', { body: tools() });
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    await getRoutes(client(), {
      ...required,
      fromAddress: WALLET,
      toAddress: WALLET,
      options: {
        slippage: 0.003,
        order: 'TIME',
        maxRoutes: 3,
        bridges: { allow: ['across', 'hop'], deny: ['stargate'], prefer: ['across'] },
      },
    });
    expect(routesBody()).toMatchObject({
      fromAddress: WALLET,
      toAddress: WALLET,
      options: {
        slippage: 0.003,
        order: 'TIME',
        maxRoutes: 3,
        bridges: { allow: ['across', 'hop'], deny: ['stargate'], prefer: ['across'] },
      },
    });
  });

  it('leaves out empty bridge lists, which would otherwise mean "no bridge allowed"', async () => {
    server.current.script('GET /v1/tools', { body: tools() });
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    await getRoutes(client(), { ...required, options: { order: 'OUTPUT', bridges: { allow: [], deny: ['hop'] } } });
    await getRoutes(client(), { ...required, options: { bridges: { allow: [], deny: [], prefer: [] } } });
    expect(routesBody(0).options).toEqual({ order: 'OUTPUT', bridges: { deny: ['hop'] } });
    expect(routesBody(1).options).toEqual({});
  });

  it('sends only the service’s bridges: an exchange the person set to "Never" does not fail the search', async () => {
    server.current.script('GET /v1/tools', { body: tools() });
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    const c = client();
    await getRoutes(c, { ...required, options: { bridges: { deny: ['uniswap', 'hop'], prefer: ['uniswap'] } } });
    await getRoutes(c, { ...required, options: { bridges: { deny: ['uniswap'] } } });
    expect(routesBody(0).options).toEqual({ bridges: { deny: ['hop'] } });
    expect(routesBody(1).options).toEqual({});
    // The tools listing is asked once per client.
    expect(server.current.requests.filter((r) => r.url.startsWith('/v1/tools'))).toHaveLength(1);
  });

  it('still searches, with the lists as they are, when the tools listing cannot be read', async () => {
    server.current.script('GET /v1/tools', { status: 500, body: errorBody(1006, 'down') });
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    await getRoutes(client(), { ...required, options: { bridges: { deny: ['hop'] } } });
    expect(routesBody().options).toEqual({ bridges: { deny: ['hop'] } });
  });

  it('returns the routes in the order sent, minimal items included', async () => {
    const minimal = { id: 'r-min', tool: 'hop', estimate: { toAmount: '990000' } };
    server.current.script('POST /v1/advanced/routes', { body: { routes: [route('r-1'), minimal] } });
    const result = await getRoutes(client(), required);
    expect(result.routes.map((r) => r.id)).toEqual(['r-1', 'r-min']);
  });

  it('returns an empty list with unavailableRoutes (the 200 form of "no route")', async () => {
    const unavailableRoutes = { filteredOut: [{ overallPath: '1:USDC-across-42161:USDC', reason: 'AMOUNT_TOO_LOW' }] };
    server.current.script('POST /v1/advanced/routes', { body: { routes: [], unavailableRoutes } });
    const result = await getRoutes(client(), required);
    expect(result).toEqual({ routes: [], unavailableRoutes });
  });

  it('turns the 404 form of "no route" into a plain message', async () => {
    server.current.script('POST /v1/advanced/routes', { status: 404, body: errorBody(1002, 'No routes found') });
    const err = await getRoutes(client(), required).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as HttpRequestError).shortMessage).toBe('No route found for this transfer.');
  });

  it('names routes[0].estimate.toAmount when it is missing', async () => {
    const broken = route('r-1');
    const { toAmount: _, ...estimate } = broken.estimate;
    server.current.script('POST /v1/advanced/routes', { body: { routes: [{ ...broken, estimate }, route('r-2')] } });
    const err = await getRoutes(client(), required).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['routes[0].estimate.toAmount']);
    expect((err as SchemaError).details).toContain('routes[0].estimate.toAmount');
  });
});
