import { describe, expect, it } from 'vitest';
import { tokensResponse } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { SchemaError } from './errors';
import { getTokens } from './getTokens';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

describe('getTokens', () => {
  it('sends chains as a comma-separated list and returns tokens grouped by chain', async () => {
    server.current.script('GET /v1/tokens', { body: tokensResponse() });
    const tokens = await getTokens(client(), { chains: [1, '42161'] });
    expect(server.current.requests[0]?.url).toBe('/v1/tokens?chains=1,42161');
    expect(Object.keys(tokens)).toEqual(['1', '42161']);
    expect(tokens['1']?.[0]).toMatchObject({ symbol: 'USDC', decimals: 6, coinKey: 'USDC', priceUSD: '0.9998' });
  });

  it('accepts a token chainId sent as a number', async () => {
    const body = tokensResponse();
    server.current.script('GET /v1/tokens', { body: { tokens: { '1': [{ ...body.tokens['1'][0], chainId: 1 }] } } });
    const tokens = await getTokens(client());
    expect(server.current.requests[0]?.url).toBe('/v1/tokens');
    expect(tokens['1']?.[0]?.chainId).toBe(1);
  });

  it('refuses a token without decimals, naming it', async () => {
    server.current.script('GET /v1/tokens', {
      body: { tokens: { '10': [{ address: '0x1', chainId: '10', symbol: 'X', name: 'X' }] } },
    });
    const err = await getTokens(client()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['tokens.10[0].decimals']);
  });
});
