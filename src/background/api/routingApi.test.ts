import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS } from '../../../testing/background/fixtures';
import { lifiChainsBody, lifiTokensBody, lifiToolsBody } from '../../../testing/lifi/recorded/catalog';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { UnknownDialectError } from '../../api/errors';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { createSettingsService } from '../settings';
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

describe('routing API dialect', () => {
  const lifiListing = () => lifiChainsBody();
  const settingsNow = () => settingsItem.getValue();

  it('detects LI.FI from the chain listing once, remembers it, and answers the first getChains from it', async () => {
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiDialect: 'auto', apiKey: 'k' });
    server.script('GET /v1/chains', { body: lifiListing() });
    server.script('GET /v1/tokens', { body: lifiTokensBody() });
    const api = newApi();
    const chains = await api.getChains();
    expect(chains[0]?.wallet.chainId).toBe('0x1');
    expect((await settingsNow()).apiDialect).toBe('lifi');
    await api.getTokens();
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/chains', '/v1/tokens']);
    // The probe carries no key (its header name depends on the answer); LI.FI's header from then on.
    expect(server.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(server.requests[1]?.headers['x-lifi-api-key']).toBe('k');
    expect(await newApi().dialect()).toBe('lifi');
    expect(server.requests).toHaveLength(2);
  });

  it('detects the spec from `wallet`', async () => {
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiDialect: 'auto' });
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    const api = newApi();
    expect(await api.dialect()).toBe('spec');
    expect((await settingsNow()).apiDialect).toBe('spec');
  });

  it('says so when the listing shows neither dialect, and remembers nothing', async () => {
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiDialect: 'auto' });
    server.script('GET /v1/chains', { body: { chains: [{ id: 1 }] } });
    const err = await newApi()
      .getChains()
      .catch((e) => e);
    expect(err).toBeInstanceOf(UnknownDialectError);
    expect(err.shortMessage).toContain('Choose it under Routing service in Settings');
    expect((await settingsNow()).apiDialect).toBe('auto');
  });

  it('uses the dialect set by hand without asking', async () => {
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiDialect: 'lifi' });
    server.script('GET /v1/tools', { body: lifiToolsBody() });
    const tools = await newApi().getTools();
    expect(tools.bridges[0]?.supportedChains).toEqual([1, 42161, 10, 137]);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/tools']);
  });

  it('knows LI.FI’s own address without a request', async () => {
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: 'https://li.quest', apiDialect: 'auto' });
    const api = createRoutingApi({
      settings: createSettingsService(),
      fetch: () => Promise.reject(new Error('no request expected')),
    });
    expect(await api.dialect()).toBe('lifi');
  });

  it('a new URL without a dialect is detected again; a dialect chosen with it is kept', async () => {
    const settings = createSettingsService();
    await settings.update({ apiBaseUrl: 'https://li.quest', apiDialect: 'lifi' });
    expect((await settingsNow()).apiDialect).toBe('lifi');
    await settings.update({ apiBaseUrl: 'https://routes.example.org' });
    expect((await settingsNow()).apiDialect).toBe('auto');
    await settings.update({ slippage: 0.01 });
    expect((await settingsNow()).apiDialect).toBe('auto');
    await expect(settings.update({ apiDialect: 'soap' })).rejects.toThrow('must be one of auto, spec, lifi');
  });

  it('a detection never overrides a choice made meanwhile', async () => {
    const settings = createSettingsService();
    await settings.update({ apiDialect: 'auto' });
    await settings.update({ apiDialect: 'spec' });
    await settings.rememberDialect(server.url, 'lifi');
    expect((await settingsNow()).apiDialect).toBe('spec');
  });
});
