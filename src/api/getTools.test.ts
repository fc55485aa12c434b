import { describe, expect, it } from 'vitest';
import { toolsResponse } from '../../testing/fixtures';
import { useScriptedServer } from '../../testing/useScriptedServer';
import { createRoutingClient } from './client';
import { SchemaError } from './errors';
import { getTools } from './getTools';

const server = useScriptedServer();
const client = () => createRoutingClient({ baseUrl: server.current.url, retry: { attempts: 1 } });

describe('getTools', () => {
  it('sends chains and returns bridges and exchanges', async () => {
    server.current.script('GET /v1/tools', { body: toolsResponse() });
    const tools = await getTools(client(), { chains: [1, 10] });
    expect(server.current.requests[0]?.url).toBe('/v1/tools?chains=1,10');
    expect(tools.bridges.map((t) => t.key)).toEqual(['across']);
    expect(tools.exchanges[0]?.supportedChains).toEqual([1]);
  });

  it('refuses a listing without exchanges', async () => {
    server.current.script('GET /v1/tools', { body: { bridges: [] } });
    const err = await getTools(client()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).paths).toEqual(['exchanges']);
  });
});
