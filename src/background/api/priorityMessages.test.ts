import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import { CONTENT, type Harness, PAGE, send, startHarness } from '../../../testing/background/harness';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { removeAllListeners } from '../../messaging/protocol';

/** Who spends the reserve, decided by who sends the search: the popup's person, its refresh, or a page's card. */
let server: ScriptedServer;
let h: Harness;

const route = (fromAmount: string) => ({
  id: 'route-1',
  tool: 'across',
  estimate: { toAmount: '99800000', executionDuration: 120 },
  action: { fromChainId: '1', toChainId: '42161', fromToken: USDC_ETH, toToken: USDC_ARB, fromAmount },
});
const request = (fromAmount: string) => ({
  fromChainId: '1',
  fromTokenAddress: USDC_ETH.address,
  toChainId: '42161',
  toTokenAddress: USDC_ARB.address,
  fromAmount,
});

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  removeAllListeners();
  fakeBrowser.reset();
  server.reset();
  server.script('GET /v1/chains', { body: { chains: CHAINS } });
  // The spec's one window, 20 of 60 left: exactly the transfer's reserve.
  server.script('POST /v1/advanced/routes', (asked) => ({
    body: { routes: [route((JSON.parse(asked.body) as { fromAmount: string }).fromAmount)] },
    headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '20', 'X-RateLimit-Reset': '30' },
  }));
  h = await startHarness(server);
});
afterEach(() => h.runtime.stop());

const searches = () => server.requests.filter((r) => r.path === '/v1/advanced/routes').length;
const reserved = { ok: false, error: { name: 'AllowanceReservedError', code: 'ALLOWANCE_RESERVED' } };

describe('route searches by who asks', () => {
  it("keeps the reserve for the popup's own search: its refresh and every page's search are not sent", async () => {
    expect(await send('getRoutes', { request: request('100000000'), channel: 'form' }, PAGE)).toMatchObject({
      ok: true,
    });
    expect(searches()).toBe(1);

    const refresh = { request: request('200000000'), channel: 'form', purpose: 'refresh' };
    expect(await send('getRoutes', refresh, PAGE)).toMatchObject(reserved);
    // A page cannot claim the transfer's priority.
    const page = { request: request('200000000'), channel: 'card', purpose: 'transfer' };
    expect(await send('getRoutes', page, CONTENT)).toMatchObject(reserved);
    expect(searches()).toBe(1);

    expect(await send('getRoutes', { request: request('200000000'), channel: 'form' }, PAGE)).toMatchObject({
      ok: true,
    });
    expect(searches()).toBe(2);
  });
});
