import { describe, expect, it } from 'vitest';
import { chainsResponse } from '../../testing/fixtures';
import { lifiChainsBody } from '../../testing/lifi/recorded/catalog';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { DIALECT_HEADERS, detectDialect } from './dialect';
import { getChains } from './getChains';

describe('detectDialect', () => {
  it('reads LI.FI from `metamask` and `diamondAddress` (the recorded listing)', () => {
    expect(detectDialect(lifiChainsBody())).toBe('lifi');
  });

  it('reads LI.FI from `metamask` alone (LI.FI lists chains without a diamond too)', () => {
    const body = lifiChainsBody();
    body.chains = body.chains.slice(1);
    expect(detectDialect(body)).toBe('lifi');
  });

  it('reads the spec from `wallet`', () => {
    expect(detectDialect(chainsResponse())).toBe('spec');
  });

  it('says nothing for a listing with neither, or for no listing', () => {
    for (const body of [{ chains: [] }, { chains: [{ id: 1, key: 'eth' }] }, { chains: 'x' }, [], null, 'chains']) {
      expect(detectDialect(body)).toBeUndefined();
    }
  });
});

describe('dialect headers', () => {
  const server = useScriptedServer();

  it('names the key and rate-limit headers per dialect', () => {
    expect(DIALECT_HEADERS.spec.apiKey).toBe('x-api-key');
    expect(DIALECT_HEADERS.lifi.apiKey).toBe('x-lifi-api-key');
    expect(DIALECT_HEADERS.lifi.rateLimit).toEqual({
      limit: 'ratelimit-limit',
      remaining: 'ratelimit-remaining',
      reset: 'ratelimit-reset',
    });
  });

  it('the spec client still sends X-API-Key and reads X-RateLimit-*, not LI.FI’s names', async () => {
    const client = createRoutingClient({ baseUrl: server.current.url, apiKey: 'key', retry: { attempts: 1 } });
    server.current.script('GET /v1/chains', {
      body: chainsResponse(),
      headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '30' },
    });
    await getChains(client);
    expect(server.current.requests[0]?.headers['x-api-key']).toBe('key');
    expect(server.current.requests[0]?.headers['x-lifi-api-key']).toBeUndefined();
    expect(client.rateLimit).toBeUndefined();
  });
});
