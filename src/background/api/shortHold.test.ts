import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { RateLimitError } from '../../api/errors';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { createSettingsService } from '../settings';
import { createRoutingApi } from './routingApi';

/** After a 429 the person's own search waits out a short hold in line, and is refused at once for a long one. */
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  server.reset();
  await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, apiDialect: 'spec' });
});

const search = {
  fromChainId: '1',
  fromTokenAddress: USDC_ETH.address,
  toChainId: '42161',
  toTokenAddress: USDC_ARB.address,
  fromAmount: '100000000',
};
const limited = (seconds: string) => ({
  status: 429,
  body: { message: 'Too many requests', code: 1005 },
  headers: { 'Retry-After': seconds },
});
const newApi = () => createRoutingApi({ settings: createSettingsService(), retry: { attempts: 1 } });
const searches = () => server.requestsTo('POST /v1/advanced/routes').length;

describe("the person's search after a 429", () => {
  it('waits a short hold out, then searches', async () => {
    server.script('POST /v1/advanced/routes', limited('1'), { body: { routes: [] } });
    const api = newApi();
    await expect(api.getRoutes(search)).rejects.toBeInstanceOf(RateLimitError);
    const started = Date.now();
    await api.getRoutes(search);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(searches()).toBe(2);
  });

  it('is refused at once, not sent, while a long hold lasts; the card is kept back too', async () => {
    server.script('POST /v1/advanced/routes', limited('3600'), { body: { routes: [] } });
    const api = newApi();
    await expect(api.getRoutes(search)).rejects.toBeInstanceOf(RateLimitError);
    const again = await api.getRoutes(search).catch((err: unknown) => err);
    expect((again as RateLimitError).details).toMatch(/not sent/);
    await expect(api.getRoutes({ ...search, priority: 'card' })).rejects.toMatchObject({
      name: 'AllowanceReservedError',
    });
    expect(searches()).toBe(1);
    expect(api.heldUntil() - Date.now()).toBeGreaterThan(3_500_000);
  });
});
