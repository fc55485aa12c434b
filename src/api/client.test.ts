import { describe, expect, it } from 'vitest';
import { chainsResponse, errorBody, routesResponse, USDC_ARB, USDC_ETH } from '../../testing/fixtures';
import { startScriptedServer } from '../../testing/scriptedServer';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { serializeError } from '../messaging/reply';
import { createRoutingClient, type RoutingClientConfig } from './client';
import {
  AbortedError,
  HttpRequestError,
  InvalidResponseError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from './errors';
import { getChains } from './getChains';
import { getRoutes } from './getRoutes';

const server = useScriptedServer();

/** A client whose backoff sleeps are recorded and skipped, with jitter pinned to its maximum. */
function recordingClient(config: Partial<RoutingClientConfig> = {}) {
  const sleeps: number[] = [];
  const client = createRoutingClient({
    baseUrl: server.current.url,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    ...config,
  });
  return { client, sleeps };
}

const routesParams = {
  fromChainId: 1,
  fromTokenAddress: USDC_ETH,
  toChainId: 42161,
  toTokenAddress: USDC_ARB,
  fromAmount: '1000000',
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected the request to fail'),
    (e: unknown) => e,
  );

describe('headers', () => {
  it('sends X-API-Key only when a key is configured', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    await getChains(createRoutingClient({ baseUrl: server.current.url, apiKey: 'secret-key' }));
    await getChains(createRoutingClient({ baseUrl: server.current.url }));
    await getChains(createRoutingClient({ baseUrl: server.current.url, apiKey: '' }));
    await getChains(createRoutingClient({ baseUrl: server.current.url, apiKey: '  ' }));
    const keys = server.current.requests.map((r) => r.headers['x-api-key']);
    expect(keys).toEqual(['secret-key', undefined, undefined, undefined]);
  });

  it('asks for JSON and sends a content type only with a body', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    server.current.script('POST /v1/advanced/routes', { body: routesResponse() });
    const client = createRoutingClient({ baseUrl: `${server.current.url}/` });
    await getChains(client);
    await getRoutes(client, routesParams);
    const [get, post] = server.current.requests;
    expect(get?.url).toBe('/v1/chains');
    expect(get?.headers.accept).toBe('application/json');
    expect(get?.headers['content-type']).toBeUndefined();
    expect(post?.headers['content-type']).toBe('application/json');
  });

  it('reports every attempt to onRequest', async () => {
    server.current.script('GET /v1/chains', { status: 503 }, { body: chainsResponse() });
    const seen: unknown[] = [];
    const { client } = recordingClient({ onRequest: (info) => seen.push(info) });
    await getChains(client, { chainTypes: ['EVM'] });
    expect(seen).toEqual([
      { method: 'GET', path: '/v1/chains', url: `${server.current.url}/v1/chains?chainTypes=EVM`, attempt: 1 },
      { method: 'GET', path: '/v1/chains', url: `${server.current.url}/v1/chains?chainTypes=EVM`, attempt: 2 },
    ]);
  });
});

describe('retry policy', () => {
  it('retries 5xx with exponential backoff and succeeds', async () => {
    server.current.script('GET /v1/chains', { status: 500 }, { status: 502 }, { body: chainsResponse() });
    const { client, sleeps } = recordingClient();
    const chains = await getChains(client);
    expect(chains).toHaveLength(1);
    expect(server.current.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('gives up after the configured attempts with a ServerError', async () => {
    server.current.script('GET /v1/chains', { status: 503, body: errorBody(1006, 'Upstream is down') });
    const { client, sleeps } = recordingClient();
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as ServerError).status).toBe(503);
    expect((err as ServerError).shortMessage).toBe('The routing service has a problem right now. Try again later.');
    expect((err as ServerError).details).toContain('Upstream is down');
    expect(server.current.requests).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('caps the backoff at maxDelayMs and jitters between half and all of it', async () => {
    server.current.script('GET /v1/chains', { status: 500 });
    const high = recordingClient({ retry: { attempts: 5, baseDelayMs: 3000, maxDelayMs: 8000 } });
    await failure(getChains(high.client));
    expect(high.sleeps).toEqual([3000, 6000, 8000, 8000]);
    const low = recordingClient({ retry: { attempts: 3 }, random: () => 0 });
    await failure(getChains(low.client));
    expect(low.sleeps).toEqual([250, 500]);
  });

  it('retries network failures and reports a NetworkError', async () => {
    server.current.script('GET /v1/chains', { destroy: true });
    const { client } = recordingClient({ retry: { attempts: 2 } });
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(NetworkError);
    // The service is named by its host: it may be down while the person's connection is fine.
    expect((err as NetworkError).shortMessage).toBe(
      `Could not reach the routing service at ${new URL(server.current.url).host}.`,
    );
    expect(server.current.requests).toHaveLength(2);
  });

  it('reports a refused connection as a NetworkError', async () => {
    const gone = await startScriptedServer();
    await gone.close();
    const { client } = recordingClient({ baseUrl: gone.url, retry: { attempts: 1 } });
    expect(await failure(getChains(client))).toBeInstanceOf(NetworkError);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', async (status) => {
    server.current.script('GET /v1/chains', { status, body: errorBody(1011, 'Invalid parameter chainTypes') });
    const { client, sleeps } = recordingClient();
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err).not.toBeInstanceOf(ServerError);
    expect((err as HttpRequestError).status).toBe(status);
    expect((err as HttpRequestError).code).toBe(1011);
    expect((err as HttpRequestError).serviceMessage).toBe('Invalid parameter chainTypes');
    expect(server.current.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a 429 and reports a RateLimitError when it persists', async () => {
    server.current.script('GET /v1/chains', { status: 429, body: errorBody(1005, 'Too many requests') });
    const { client, sleeps } = recordingClient({ retry: { attempts: 3 } });
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).shortMessage).toBe('The routing service is busy. Try again in a few seconds.');
    expect((err as RateLimitError).retryAfterMs).toBeUndefined();
    expect(sleeps).toEqual([500, 1000]);
  });

  it('waits at least Retry-After seconds before retrying a 429', async () => {
    server.current.script(
      'GET /v1/chains',
      { status: 429, headers: { 'retry-after': '7' } },
      { body: chainsResponse() },
    );
    const { client, sleeps } = recordingClient();
    await getChains(client);
    expect(sleeps).toEqual([7000]);
  });

  it('does not wait for a Retry-After beyond the cap: the caller learns how long to wait', async () => {
    server.current.script('GET /v1/chains', { status: 429, headers: { 'retry-after': '120' } });
    const { client, sleeps } = recordingClient({ retry: { retryAfterCapMs: 60_000 } });
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterMs).toBe(120_000);
    expect((err as RateLimitError).shortMessage).toBe('The routing service is busy. Try again in about 2 minutes.');
    expect(server.current.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('honours Retry-After in real time', async () => {
    server.current.script(
      'GET /v1/chains',
      { status: 429, headers: { 'retry-after': '1' } },
      { body: chainsResponse() },
    );
    const client = createRoutingClient({ baseUrl: server.current.url, retry: { baseDelayMs: 10 } });
    await getChains(client);
    const [first, second] = server.current.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it('also retries POST endpoints on 5xx (the service has no side effects)', async () => {
    server.current.script('POST /v1/advanced/routes', { status: 500 }, { body: routesResponse() });
    const { client } = recordingClient();
    await getRoutes(client, routesParams);
    expect(server.current.requests).toHaveLength(2);
    expect(server.current.requests[1]?.body).toBe(server.current.requests[0]?.body);
  });
});

describe('time-out', () => {
  it('gives a TimeoutError, distinct from a network failure, and retries a GET', async () => {
    server.current.script('GET /v1/chains', { delayMs: 3000, body: chainsResponse() });
    const { client } = recordingClient({ timeoutMs: 100, retry: { attempts: 2 } });
    const started = Date.now();
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).shortMessage).toBe('The routing service took too long to answer.');
    expect(server.current.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('does not retry a POST that timed out', async () => {
    server.current.script('POST /v1/advanced/routes', { delayMs: 3000, body: routesResponse() });
    const { client } = recordingClient({ timeoutMs: 100 });
    expect(await failure(getRoutes(client, routesParams))).toBeInstanceOf(TimeoutError);
    expect(server.current.requests).toHaveLength(1);
  });

  it('succeeds on the retry after a time-out', async () => {
    server.current.script('GET /v1/chains', { delayMs: 3000, body: chainsResponse() }, { body: chainsResponse() });
    const { client } = recordingClient({ timeoutMs: 500 });
    expect(await getChains(client)).toHaveLength(1);
  });
});

describe('abort', () => {
  it('stops a request in flight with an AbortedError and no retry', async () => {
    server.current.script('GET /v1/chains', { delayMs: 10_000, body: chainsResponse() });
    const { client } = recordingClient();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const err = await failure(getChains(client, { signal: controller.signal }));
    expect(err).toBeInstanceOf(AbortedError);
    expect((err as AbortedError).shortMessage).toBe('The request was cancelled.');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.current.requests).toHaveLength(1);
  });

  it('cancels a pending backoff sleep', async () => {
    server.current.script('GET /v1/chains', { status: 503 });
    const client = createRoutingClient({ baseUrl: server.current.url, retry: { baseDelayMs: 30_000 } });
    const controller = new AbortController();
    const started = Date.now();
    const pending = failure(getChains(client, { signal: controller.signal }));
    await expect.poll(() => server.current.requests.length).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.current.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    const { client } = recordingClient();
    expect(await failure(getChains(client, { signal: AbortSignal.abort() }))).toBeInstanceOf(AbortedError);
    expect(server.current.requests).toHaveLength(0);
  });
});

describe('bodies', () => {
  it('reports malformed JSON as an InvalidResponseError, without retrying', async () => {
    server.current.script('GET /v1/chains', { body: '{"chains": [' });
    const { client } = recordingClient();
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect((err as InvalidResponseError).details).toContain('{"chains": [');
    expect(server.current.requests).toHaveLength(1);
  });

  it('keeps a non-JSON error body as text', async () => {
    server.current.script('GET /v1/chains', { status: 502, body: '<html>Bad gateway</html>' });
    const { client } = recordingClient({ retry: { attempts: 1 } });
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).responseBody).toBe('<html>Bad gateway</html>');
    expect((err as ServerError).code).toBeUndefined();
  });

  it('carries status and code across the messaging boundary', async () => {
    server.current.script('GET /v1/chains', { status: 404, body: errorBody(1002, 'No quote') });
    const { client } = recordingClient();
    const serialized = serializeError(await failure(getChains(client)));
    expect(serialized).toMatchObject({
      name: 'HttpRequestError',
      status: 404,
      code: 1002,
      shortMessage: 'No route found for this transfer.',
    });
    expect(serialized.details).toContain('No quote');
  });
});
