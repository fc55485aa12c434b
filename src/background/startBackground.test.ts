import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS } from '../../testing/background/fixtures';
import { type Harness, send, startHarness } from '../../testing/background/harness';
import { type ScriptedServer, startScriptedServer } from '../../testing/scriptedServer';

let current: ScriptedServer;
let next: ScriptedServer;
let harness: Harness;

const scriptCatalog = (server: ScriptedServer) => {
  server.script('GET /v1/chains', { body: { chains: CHAINS } });
  server.script('GET /v1/tools', { body: { bridges: [], exchanges: [] } });
};
const chainRequests = (server: ScriptedServer) => server.requests.filter((r) => r.path === '/v1/chains').length;

beforeAll(async () => {
  [current, next] = await Promise.all([startScriptedServer(), startScriptedServer()]);
});
afterAll(async () => {
  await Promise.all([current.close(), next.close()]);
});
beforeEach(async () => {
  fakeBrowser.reset();
  for (const server of [current, next]) {
    server.reset();
    scriptCatalog(server);
  }
  harness = await startHarness(current);
});
afterEach(() => harness.runtime.stop());

describe('switching routing service', () => {
  it("fetches the new service's chain list as soon as it is chosen, so the next popup does not wait for it", async () => {
    expect(chainRequests(next)).toBe(0);
    expect(await send('updateSettings', { apiBaseUrl: next.url })).toMatchObject({ ok: true });
    // Nothing has asked for chains: the background fetches them on its own.
    await expect.poll(() => chainRequests(next), { timeout: 2_000 }).toBe(1);
    const reply = await send('getChains', undefined);
    expect(reply).toMatchObject({ ok: true, value: CHAINS });
    expect(chainRequests(next)).toBe(1);
  });

  it('sends nothing more when another setting changes', async () => {
    const before = chainRequests(current);
    await send('updateSettings', { slippage: 0.01 });
    await new Promise((r) => setTimeout(r, 100));
    expect(chainRequests(current)).toBe(before);
    expect(chainRequests(next)).toBe(0);
  });
});
