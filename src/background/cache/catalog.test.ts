import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, makeTokens } from '../../../testing/background/fixtures';
import { createClock, resetIndexedDb } from '../../../testing/background/harness';
import { type ScriptedServer, startScriptedServer } from '../../../testing/scriptedServer';
import { chainsCacheItem } from '../../storage/catalogCache';
import { defaultSettings, settingsItem } from '../../storage/settings';
import { closeTokenDbForTests, tokensCacheStore } from '../../storage/tokenDb';
import { createRoutingApi } from '../api/routingApi';
import { createSettingsService } from '../settings';
import { CATALOG_MAX_STALE_MS, CATALOG_TTL_MS, createCatalog } from './catalog';

let server: ScriptedServer;
const clock = createClock();
const TOKENS = makeTokens(20_000);

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  resetIndexedDb();
  server.reset();
  server.script('GET /v1/chains', { body: { chains: CHAINS } });
  server.script('GET /v1/tokens', { body: { tokens: TOKENS } });
  await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url });
});

/** A catalog as a freshly started worker builds it: nothing in memory. */
const newWorker = () => {
  const settings = createSettingsService();
  return createCatalog(createRoutingApi({ settings, retry: { attempts: 1 } }), clock.now);
};
const requests = (path: string) => server.requests.filter((r) => r.path === path).length;
/** Asks `read` again every 10 ms until it gives something, however loaded the machine; gives up after a minute. */
async function until<T>(what: string, read: () => Promise<T | null | undefined | false>): Promise<T> {
  const gaveUpAt = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > gaveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('catalog cache', () => {
  it('shares one request between identical calls in flight and persists the answer', async () => {
    const catalog = newWorker();
    const answers = await Promise.all([catalog.chains.get(), catalog.chains.get(), catalog.chains.get()]);
    expect(answers.every((a) => a.length === 2)).toBe(true);
    expect(requests('/v1/chains')).toBe(1);
    // Tagged with the base URL and the kind of service detected there.
    expect(await chainsCacheItem.getValue()).toMatchObject({ source: `${server.url} (spec)`, fetchedAt: clock.now() });
    // Detected once: the kind remembered for the URL does not make the next opening fetch again.
    await newWorker().chains.get();
    expect(requests('/v1/chains')).toBe(1);
  });

  it('answers a restarted worker from storage without a request while fresh', async () => {
    await newWorker().chains.get();
    clock.advance(CATALOG_TTL_MS - 1);
    expect(await newWorker().chains.get()).toHaveLength(2);
    expect(requests('/v1/chains')).toBe(1);
  });

  it('serves a stale entry at once and refreshes it once in the background', async () => {
    await newWorker().chains.get();
    clock.advance(CATALOG_TTL_MS + 1);
    server.script('GET /v1/chains', { body: { chains: CHAINS.slice(0, 1) }, delayMs: 100 });
    const catalog = newWorker();
    expect(await catalog.chains.get()).toHaveLength(2);
    expect(await catalog.chains.get()).toHaveLength(2);
    // The refresh done: its answer stored.
    await until('the refreshed list stored', async () => (await chainsCacheItem.getValue())?.value.length === 1);
    expect(requests('/v1/chains')).toBe(2);
    expect(await catalog.chains.get()).toHaveLength(1);
    expect((await chainsCacheItem.getValue())?.value).toHaveLength(1);
  });

  it('waits for a fresh list when the entry is too old, and falls back to it when the service fails', async () => {
    await newWorker().chains.get();
    clock.advance(CATALOG_MAX_STALE_MS + 1);
    server.script('GET /v1/chains', { status: 503, body: { message: 'down' } });
    expect(await newWorker().chains.get()).toHaveLength(2);
    expect(requests('/v1/chains')).toBe(2);
  });

  it('refetches when the base URL changed', async () => {
    await newWorker().chains.get();
    await chainsCacheItem.setValue({ ...(await chainsCacheItem.getValue())!, source: 'https://elsewhere.example' });
    await newWorker().chains.get();
    expect(requests('/v1/chains')).toBe(2);
  });

  it('asks again, never answering from the chains read as another kind, when the kind of service is chosen anew', async () => {
    const settings = createSettingsService();
    const catalog = createCatalog(createRoutingApi({ settings, retry: { attempts: 1 } }), clock.now);
    await catalog.chains.get();
    // Told it speaks LI.FI's dialect: its spec listing is refused, not served from the entry read as the spec's.
    await settings.update({ apiDialect: 'lifi' });
    await expect(catalog.chains.get()).rejects.toThrow();
    await settings.update({ apiDialect: 'spec' });
    expect(await catalog.chains.get()).toHaveLength(2);
  });

  it('does not answer for a new base URL with a fetch still running against the old one', async () => {
    const second = await startScriptedServer();
    try {
      second.script('GET /v1/chains', { body: { chains: CHAINS.slice(0, 1) } });
      server.script('GET /v1/chains', { body: { chains: CHAINS }, delayMs: 300 });
      const settings = createSettingsService();
      const catalog = createCatalog(createRoutingApi({ settings, retry: { attempts: 1 } }), clock.now);
      const old = catalog.chains.get();
      // The old fetch under way: the service has it (and holds its answer 300 ms).
      await until('the fetch at the old URL', async () => requests('/v1/chains') > 0);
      await settings.update({ apiBaseUrl: second.url });
      expect(await catalog.chains.get()).toHaveLength(1);
      expect(await old).toHaveLength(2);
      expect(await catalog.chains.get()).toHaveLength(1);
      expect((await chainsCacheItem.getValue())?.source).toBe(`${second.url} (spec)`);
    } finally {
      await second.close();
    }
  });

  it('keeps 20,000 tokens in IndexedDB across a restart and searches them', async () => {
    const first = newWorker();
    expect((await first.tokenIndex()).size).toBe(20_000);
    const stored = await until('the tokens stored', async () => (await tokensCacheStore().read())?.value);
    expect(Object.values(stored).flat()).toHaveLength(20_000);
    // Browser restart: memory gone, the database connection closed and reopened (the data stays).
    closeTokenDbForTests();
    const second = newWorker();
    second.warm();
    const index = await second.tokenIndex();
    expect(index.search('usdc', { chainId: 1 })[0]?.symbol).toBe('USDC');
    expect(requests('/v1/tokens')).toBe(1);
  });
});
