import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeApi, fakeDeps, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import { RemoteError } from '../../messaging/reply';
import { createPopupStore } from './createPopupStore';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

async function searching(api = fakeApi()) {
  const deps = fakeDeps({ api });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  store.getState().setAmountText('1.5');
  await vi.advanceTimersByTimeAsync(300);
  await flush();
  return { store, api: deps.api };
}

beforeEach(() => {
  vi.useFakeTimers();
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the popup's refresh and the service's allowance", () => {
  it('asks automatic refreshes as such, and keeps refreshing while searches are plenty', async () => {
    const plenty = { remaining: 60, limit: 75, low: false, keyed: false };
    const { store, api } = await searching(
      fakeApi({ getServiceHold: vi.fn(async () => ({ until: 0, routes: plenty })) }),
    );
    expect(vi.mocked(api.getRoutes).mock.calls[0]?.[0]).not.toHaveProperty('purpose');
    expect(store.getState().routesAllowance).toMatchObject({ remaining: 60, low: false });
    expect(store.getState().nextRefreshAt).toBeGreaterThan(Date.now());
    await vi.advanceTimersByTimeAsync(30_010);
    await flush();
    expect(vi.mocked(api.getRoutes).mock.calls[1]?.[0]).toMatchObject({ purpose: 'refresh' });
  });

  it('stops refreshing on its own when few searches are left; a refresh is then one click', async () => {
    const low = { remaining: 28, limit: 75, resetAt: Date.now() + 3_600_000, low: true, keyed: false };
    const { store, api } = await searching(fakeApi({ getServiceHold: vi.fn(async () => ({ until: 0, routes: low })) }));
    expect(store.getState().routesStatus).toBe('ready');
    expect(store.getState().nextRefreshAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(vi.mocked(api.getRoutes).mock.calls.length).toBe(1);
    store.getState().requestRoutes({ immediate: true });
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(vi.mocked(api.getRoutes).mock.calls.length).toBe(2);
    expect(vi.mocked(api.getRoutes).mock.calls[1]?.[0]).not.toHaveProperty('purpose');
  });

  it('keeps the routes shown when a refresh is kept back for the reserve, and waits for a click', async () => {
    let held = false;
    const api = fakeApi({
      getServiceHold: vi.fn(async () => ({
        until: 0,
        routes: { remaining: held ? 20 : 60, limit: 75, low: held, keyed: false },
      })),
    });
    const { store } = await searching(api);
    const shown = store.getState().routes;
    expect(shown.length).toBeGreaterThan(0);
    held = true;
    vi.mocked(api.getRoutes).mockRejectedValueOnce(
      new RemoteError({
        name: 'AllowanceReservedError',
        shortMessage: 'Paused to keep route searches for your own transfers.',
        code: 'ALLOWANCE_RESERVED',
      }),
    );
    await vi.advanceTimersByTimeAsync(30_010);
    await flush();
    expect(store.getState().routes).toEqual(shown);
    expect(store.getState().routesStatus).toBe('ready');
    expect(store.getState().routesAllowance).toMatchObject({ low: true });
    expect(store.getState().nextRefreshAt).toBeUndefined();
  });

  it('records until when a 429 holds the searches', async () => {
    const until = Date.now() + 7_000_000;
    const { store } = await searching(
      fakeApi({
        getRoutes: vi.fn(async () => {
          throw new RemoteError({ name: 'RateLimitError', shortMessage: 'busy', status: 429, code: 1005 });
        }),
        getServiceHold: vi.fn(async () => ({ until })),
      }),
    );
    expect(store.getState().routesStatus).toBe('error');
    expect(store.getState().routesAllowance).toEqual({ heldUntil: until });
  });
});
