import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { type ScriptedServer, startScriptedServer } from '../../testing/scriptedServer';
import { createSettingsService } from '../settings';
import { CHAINS } from '../testing/fixtures';
import { createRoutingApi } from './routingApi';

let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  server.reset();
  await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url });
});

const newApi = () =>
  createRoutingApi({ settings: createSettingsService(), retry: { attempts: 1, retryAfterCapMs: 1_000 } });

describe('routing API hold', () => {
  it('holds nothing while the service has not asked', async () => {
    server.script('GET /v1/chains', { body: { chains: CHAINS }, headers: { 'X-RateLimit-Remaining': '5' } });
    const api = newApi();
    await api.getChains();
    expect(api.heldUntil()).toBe(0);
  });

  it("reports the end of a 429's Retry-After", async () => {
    server.script('GET /v1/chains', {
      status: 429,
      body: { message: 'Too many requests', code: 1005 },
      headers: { 'Retry-After': '60' },
    });
    const api = newApi();
    await expect(api.getChains()).rejects.toThrow();
    const wait = api.heldUntil() - Date.now();
    expect(wait).toBeGreaterThan(58_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('reports the end of an exhausted rate-limit window', async () => {
    server.script('GET /v1/chains', {
      body: { chains: CHAINS },
      headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' },
    });
    const api = newApi();
    await api.getChains();
    const wait = api.heldUntil() - Date.now();
    expect(wait).toBeGreaterThan(28_000);
    expect(wait).toBeLessThanOrEqual(30_000);
  });
});
