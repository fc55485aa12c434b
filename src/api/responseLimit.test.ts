import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { chainsResponse } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient, DEFAULT_RESPONSE_LIMIT, RESPONSE_LIMITS } from './client';
import { ResponseTooLargeError } from './errors';
import { getChains } from './getChains';
import { getTokens } from './getTokens';

const server = useScriptedServer();
const KiB = 1024;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected the request to fail'),
    (e: unknown) => e,
  );

describe('response size limit', () => {
  it('stops reading a streamed body as soon as it passes the limit, and does not retry', async () => {
    // No Content-Length: the scripted server streams the body chunked, so only the running count can catch it.
    server.current.script('GET /v1/chains', { body: { chains: [], padding: 'x'.repeat(512 * KiB) } });
    const client = createRoutingClient({
      baseUrl: server.current.url,
      responseLimits: { '/v1/chains': 64 * KiB },
      retry: { attempts: 3 },
      sleep: async () => undefined,
    });
    const err = await failure(getChains(client));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).shortMessage).toBe('The routing service sent an answer too large to accept.');
    expect((err as ResponseTooLargeError).details).toMatch(/passed 65536 bytes while reading/);
    expect(server.current.requests).toHaveLength(1);
  });

  it('refuses a body whose Content-Length is over the limit without reading it', async () => {
    // Announces 200 MB, sends a few bytes and keeps the connection open: reading it would hang until the time-out.
    const sockets = new Set<Socket>();
    const big = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * KiB) });
      res.write('{"chains":[');
    });
    big.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    try {
      let requests = 0;
      const client = createRoutingClient({
        baseUrl: `http://127.0.0.1:${(big.address() as AddressInfo).port}`,
        timeoutMs: 10_000,
        retry: { attempts: 3 },
        sleep: async () => undefined,
        onRequest: () => requests++,
      });
      const started = performance.now();
      const err = await failure(getChains(client));
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect((err as ResponseTooLargeError).details).toMatch(/Content-Length 209715200 exceeds the 4194304-byte limit/);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(requests).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => big.close(resolve));
    }
  });

  it('caps error bodies too, and never retries an oversize 5xx', async () => {
    server.current.script('GET /v1/chains', { status: 500, body: 'e'.repeat(100) });
    const client = createRoutingClient({
      baseUrl: server.current.url,
      responseLimits: { '/v1/chains': 10 },
      sleep: async () => undefined,
    });
    // The path's own limit applies to its error answers as well.
    expect(await failure(getChains(client))).toBeInstanceOf(ResponseTooLargeError);
    expect(server.current.requests).toHaveLength(1);
  });

  it('accepts answers under the limit; other paths keep the default', async () => {
    expect(DEFAULT_RESPONSE_LIMIT).toBe(1024 * KiB);
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    const client = createRoutingClient({ baseUrl: server.current.url });
    expect((await getChains(client)).length).toBeGreaterThan(0);
  });

  it('reads the large catalog (21,000+ tokens, 3.6 MiB raw) from the reference service well inside its limit', async () => {
    const service = await startServer({ catalog: 'large', rateLimit: { disabled: true } });
    try {
      let bytes = 0;
      const client = createRoutingClient({
        baseUrl: service.url,
        // Node's fetch asks for gzip; count what is decoded, as the limit does.
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          bytes = (await response.clone().arrayBuffer()).byteLength;
          return response;
        },
      });
      const tokens = await getTokens(client);
      expect(Object.values(tokens).flat().length).toBeGreaterThan(20_000);
      expect(bytes).toBeGreaterThan(3 * 1024 * KiB);
      expect(bytes * 4).toBeLessThan(RESPONSE_LIMITS['/v1/tokens']!);
    } finally {
      await service.close();
    }
  }, 60_000);
});
