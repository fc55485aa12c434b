import { describe, expect, it } from 'vitest';
import { chain, chainsResponse } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { SchemaError } from './errors';
import { getChains } from './getChains';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

describe('getChains', () => {
  it('sends GET /v1/chains without a query and returns the chains', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    const chains = await getChains(client());
    expect(server.current.requests).toHaveLength(1);
    expect(server.current.requests[0]?.url).toBe('/v1/chains');
    expect(chains).toEqual([chain()]);
  });

  it('sends chainTypes as a comma-separated list', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    await getChains(client(), { chainTypes: ['EVM', 'SOLANA'] });
    expect(server.current.requests[0]?.url).toBe('/v1/chains?chainTypes=EVM,SOLANA');
  });

  it('leaves out an empty filter', async () => {
    server.current.script('GET /v1/chains', { body: chainsResponse() });
    await getChains(client(), { chainTypes: [] });
    expect(server.current.requests[0]?.url).toBe('/v1/chains');
  });

  it('keeps fields the spec does not list', async () => {
    server.current.script('GET /v1/chains', { body: { chains: [{ ...chain(), faucetUrls: ['https://faucet'] }] } });
    const [first] = await getChains(client());
    expect(first).toMatchObject({ faucetUrls: ['https://faucet'] });
  });

  it('names the field when a chain breaks the spec', async () => {
    const broken = chain() as Record<string, unknown>;
    broken.nativeToken = { ...chain().nativeToken, decimals: undefined };
    delete broken.wallet;
    server.current.script('GET /v1/chains', { body: { chains: [chain(), broken] } });
    const err = await getChains(client()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['chains[1].nativeToken.decimals', 'chains[1].wallet']);
    expect((err as SchemaError).message).toContain('chains[1].nativeToken.decimals');
  });
});
