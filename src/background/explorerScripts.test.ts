import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { testChain } from '../explorers/testChains';
import { removeAllListeners } from '../messaging/protocol';
import { type ScriptedServer, startScriptedServer } from '../testing/scriptedServer';
import { CHAINS } from './testing/fixtures';
import { type Harness, permissionFakes, startHarness } from './testing/harness';

let server: ScriptedServer;
let h: Harness;
const DEVNET = testChain(31337, 'Devnet', ['https://explorer.example.org/chain/31337']);

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  server.script('GET /v1/chains', { body: { chains: [...CHAINS, DEVNET] } });
});
afterEach(() => h.runtime.stop());

describe('explorer script registration', () => {
  it('registers catalog explorers on start only once their host is granted, and again when it is', async () => {
    h = await startHarness(server);
    expect(permissionFakes().scripts).toEqual([]);
    permissionFakes().granted.add('https://explorer.example.org/*');
    await permissionFakes().onAdded.trigger({ origins: ['https://explorer.example.org/*'] });
    const registered = [['https://explorer.example.org/chain/31337/*']];
    await vi.waitFor(() => expect(permissionFakes().scripts.map((s) => s.matches)).toEqual(registered));
    // A restarted worker keeps it in step from the stored chain list, without asking the service again.
    await h.restart();
    expect(permissionFakes().scripts.map((s) => s.matches)).toEqual(registered);
    expect(server.requests.filter((r) => r.path === '/v1/chains')).toHaveLength(1);
  });

  it('fetches the chain list on a first start, so granted catalog explorers get the script before any popup opens', async () => {
    const LOOPBACK = testChain(42161, 'Arbitrum devnet', ['http://127.0.0.1:8787/explorer/42161']);
    server.script('GET /v1/chains', { body: { chains: [...CHAINS, LOOPBACK] } });
    // Granted before start, as the manifest's loopback host permission is.
    h = await startHarness(server, { grantedHosts: ['http://127.0.0.1/*'] });
    await vi.waitFor(() =>
      expect(permissionFakes().scripts.flatMap((s) => s.matches)).toContain('http://127.0.0.1/explorer/42161/*'),
    );
    expect(server.requests.filter((r) => r.path === '/v1/chains')).toHaveLength(1);
  });
});
