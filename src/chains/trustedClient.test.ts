import { getBalance } from 'viem/actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, startScriptedServer } from '../../testing/scriptedServer';
import { chainReadError, RpcReadError } from './chainReadError';
import { readChainId } from './readChainId';
import { trustedClient } from './trustedClient';

/** The one trusted client on the wire: a real HTTP server on loopback, scripted with a node's answers and faults. */

const OWNER = '0x000000000000000000000000000000000000bEEF' as const;
type Call = { jsonrpc: string; id: number; method: string; params?: unknown[] };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

/** A node that answers every call of a batch by id: the chain ID 42161, a balance of 5 wei. */
const node = ({ body }: { body: string }) => ({
  body: (JSON.parse(body) as Call[]).map(({ id, method }) => ({
    jsonrpc: '2.0',
    id,
    result: method === 'eth_chainId' ? '0xa4b1' : '0x5',
  })),
});

describe('trustedClient', () => {
  it('sends reads started together as one batch numbered from 0, without credentials or a cached answer', async () => {
    server.reset();
    server.script('POST /batch', node);
    const inits: RequestInit[] = [];
    const client = trustedClient(`${server.url}/batch`, {
      fetch: (input, init) => {
        inits.push(init!);
        return fetch(input, init);
      },
    });
    // Other reads before these: viem's own counter has moved, the ids on the wire have not.
    await readChainId(client);
    const [chainId, balance] = await Promise.all([readChainId(client), getBalance(client, { address: OWNER })]);
    expect(chainId).toBe(42161);
    expect(balance).toBe(5n);
    const last = JSON.parse(server.requestsTo('POST /batch').at(-1)!.body) as Call[];
    expect(last.map(({ id, method }) => [id, method])).toEqual([
      [0, 'eth_chainId'],
      [1, 'eth_getBalance'],
    ]);
    expect(inits.every((init) => init.credentials === 'omit' && init.cache === 'no-store')).toBe(true);
  });

  it('says in words what failed, naming the host and never the path (which may carry a key)', async () => {
    server.reset();
    server.script('POST /key/secret/slow', { delayMs: 2_000, body: [] });
    server.script('POST /key/secret/forbidden', { status: 403, body: 'no' });
    server.script('POST /key/secret/html', { headers: { 'content-type': 'text/html' }, body: '<html>' });
    server.script('POST /key/secret/huge', node);
    server.script('POST /key/secret/refuses', ({ body }) => ({
      body: (JSON.parse(body) as Call[]).map(({ id }) => ({
        jsonrpc: '2.0',
        id,
        error: { code: -32000, message: 'header not found' },
      })),
    }));
    const host = new URL(server.url).host;
    const wordsFor = async (path: string, options: Parameters<typeof trustedClient>[1] = {}) => {
      const url = `${server.url}/key/secret/${path}`;
      const err = await readChainId(trustedClient(url, options)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RpcReadError);
      expect((err as RpcReadError).shortMessage).not.toContain('secret');
      return err as RpcReadError;
    };
    const slow = await wordsFor('slow', { timeoutMs: 100 });
    expect(slow.shortMessage).toBe(`The RPC at ${host} did not answer.`);
    expect(slow.retryable).toBe(true);
    const forbidden = await wordsFor('forbidden');
    expect(forbidden.shortMessage).toBe(`The RPC at ${host} answered HTTP 403.`);
    expect(forbidden.retryable).toBe(false);
    expect((await wordsFor('html')).shortMessage).toBe(`The RPC at ${host} answered something that is not JSON.`);
    expect((await wordsFor('huge', { maxResponseBytes: 10 })).shortMessage).toBe(
      `The RPC at ${host} answered too much.`,
    );
    const refused = await wordsFor('refuses');
    expect(refused.shortMessage).toBe(`The RPC at ${host} refused eth_chainId.`);
    expect(refused.details).toBe('header not found');
    // Nothing listens: no answer, worth trying again.
    const silent = chainReadError(
      await readChainId(trustedClient('http://127.0.0.1:9/key/secret')).catch((e: unknown) => e),
      'http://127.0.0.1:9/key/secret',
    );
    expect(silent.shortMessage).toBe('The RPC at 127.0.0.1:9 did not answer.');
    expect(silent.retryable).toBe(true);
  });
});
