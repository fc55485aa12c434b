import { describe, expect, it } from 'vitest';
import { statusDone, TX_HASH } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { HttpRequestError, SchemaError } from './errors';
import { getStatus } from './getStatus';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

describe('getStatus', () => {
  it('sends the hash and returns a completed transfer', async () => {
    server.current.script('GET /v1/status', { body: statusDone() });
    const result = await getStatus(client(), { txHash: TX_HASH });
    expect(server.current.requests[0]?.url).toBe(`/v1/status?txHash=${TX_HASH}`);
    expect(result).toEqual(statusDone());
  });

  it('accepts leg chain IDs as strings and keeps unknown status, substatus and extra fields', async () => {
    const body = { ...statusDone(), status: 'PARTIALLY_SETTLED', substatus: 'SOMETHING_NEW', bridgeExplorerLink: 'x' };
    server.current.script('GET /v1/status', { body });
    const result = await getStatus(client(), { txHash: TX_HASH });
    expect(result.status).toBe('PARTIALLY_SETTLED');
    expect(result.substatus).toBe('SOMETHING_NEW');
    expect(result.sending?.chainId).toBe('1');
    expect(result).toMatchObject({ bridgeExplorerLink: 'x' });
  });

  it('returns NOT_FOUND as a value, not an error', async () => {
    server.current.script('GET /v1/status', { body: { status: 'NOT_FOUND' } });
    expect(await getStatus(client(), { txHash: TX_HASH })).toEqual({ status: 'NOT_FOUND' });
  });

  it('returns NOT_FOUND also when the service sends it with HTTP 404', async () => {
    server.current.script('GET /v1/status', { status: 404, body: { status: 'NOT_FOUND', message: 'Not found' } });
    expect((await getStatus(client(), { txHash: TX_HASH })).status).toBe('NOT_FOUND');
  });

  it('still throws a 404 that is not a status', async () => {
    server.current.script('GET /v1/status', { status: 404, body: { message: 'Unknown tool', code: 1003 } });
    await expect(getStatus(client(), { txHash: TX_HASH })).rejects.toBeInstanceOf(HttpRequestError);
  });

  it('refuses a DONE transfer whose receiving leg has no hash, naming it', async () => {
    const body = statusDone();
    const { txHash: _, ...receiving } = body.receiving;
    server.current.script('GET /v1/status', { body: { ...body, receiving } });
    const err = await getStatus(client(), { txHash: TX_HASH }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['receiving.txHash']);
  });
});
