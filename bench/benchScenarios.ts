import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildTokenIndex } from '../src/background/cache/tokenIndex';
import { startBackground } from '../src/background/startBackground';
import {
  CHAINS,
  makeTokens,
  statusBody,
  transferInput,
  txHash,
  USDC_ARB,
  USDC_ETH,
} from '../src/background/testing/fixtures';
import { createClock, installPermissionFakes, PAGE, send } from '../src/background/testing/harness';
import { removeAllListeners } from '../src/messaging/protocol';
import { defaultSettings, settingsItem } from '../src/storage/settings';
import { closeTokenDbForTests } from '../src/storage/tokenDb';
import { startScriptedServer } from '../src/testing/scriptedServer';

/**
 * The background's benchmark scenarios, run by bench/background.ts inside a Vite SSR server with WXT's test plugins
 * (fakeBrowser for the extension APIs, fake-indexeddb, a real loopback HTTP server). Each returns raw figures;
 * bench/background.ts turns them into rows with targets.
 */

function freshBrowser() {
  removeAllListeners();
  fakeBrowser.reset();
  closeTokenDbForTests();
  globalThis.indexedDB = new IDBFactory();
  installPermissionFakes();
}

/** The messages the popup sends when it opens (src/popup/startPopup.tsx and its store slices). */
async function openPopup() {
  await Promise.all([
    send('getSettings', undefined, PAGE),
    send('getChains', undefined, PAGE),
    send('getTools', undefined, PAGE),
    send('getTransfers', undefined, PAGE),
    send('takePrefill', undefined, PAGE),
    send('getToken', { chainId: 1, address: USDC_ETH.address }, PAGE),
    send('getToken', { chainId: 42161, address: USDC_ARB.address }, PAGE),
    send('searchTokens', { query: '' }, PAGE),
  ]);
}

/** (a) Requests to the service caused by `opens` popup openings a minute apart, after one opening warmed the cache. */
export async function popupOpenRequests(opens = 20): Promise<{ requests: number; warmUpRequests: number }> {
  freshBrowser();
  const server = await startScriptedServer();
  try {
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    server.script('GET /v1/tools', { body: { bridges: [], exchanges: [] } });
    server.script('GET /v1/tokens', { body: { tokens: makeTokens(20_000) } });
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url });
    const clock = createClock(Date.now());
    let runtime = startBackground({ now: clock.now, timers: { set: () => undefined, clear: () => undefined } });
    await runtime.ready;
    await openPopup();
    const warmUpRequests = server.requests.length;
    for (let i = 0; i < opens; i++) {
      clock.advance(60_000);
      // The worker is often stopped between openings: every other opening starts a new one.
      if (i % 2 === 1) {
        runtime.stop();
        closeTokenDbForTests();
        runtime = startBackground({ now: clock.now, timers: { set: () => undefined, clear: () => undefined } });
        await runtime.ready;
      }
      await openPopup();
    }
    runtime.stop();
    return { requests: server.requests.length - warmUpRequests, warmUpRequests };
  } finally {
    await server.close();
  }
}

/**
 * (b) One transfer whose route estimates `expectedS` and which the service reports DONE from `doneAtS` on. Time is
 * simulated: the clock jumps to each scheduled check, the real tracker sends the real request and notifies.
 */
export async function transferPolling(
  expectedS = 120,
  doneAtS = 120,
): Promise<{ statusRequests: number; notificationDelayMs: number }> {
  freshBrowser();
  const server = await startScriptedServer();
  try {
    const clock = createClock(Date.now());
    const start = clock.now();
    // A first start with nothing cached fetches the chain list (for catalog explorers), as from the real service.
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    server.script('GET /v1/status', () => ({
      body: clock.now() - start >= doneAtS * 1000 ? statusBody('DONE', 'COMPLETED') : statusBody('PENDING'),
    }));
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url });
    const runtime = startBackground({ now: clock.now, timers: { set: () => undefined, clear: () => undefined } });
    await runtime.ready;
    const hash = txHash(42);
    await send('trackTransfer', transferInput({ txHash: hash, executionDuration: expectedS }), PAGE);
    const { store, scheduler } = runtime.deps;
    for (let i = 0; i < 1000; i++) {
      const record = await store.get(hash);
      if (!record || record.final || record.nextCheckAt === undefined) break;
      clock.set(record.nextCheckAt);
      await scheduler.runDue();
    }
    const record = await store.get(hash);
    runtime.stop();
    const notified = Object.keys(fakeBrowser.notifications.getAllCreateOptions()).length === 1;
    if (!record?.notifiedAt || !notified) throw new Error('the transfer was not notified');
    return {
      statusRequests: server.requests.filter((r) => r.path === '/v1/status').length,
      notificationDelayMs: record.notifiedAt - (start + doneAtS * 1000),
    };
  } finally {
    await server.close();
  }
}

/** (c) Latency of searchTokens' index over `count` tokens, for queries as a person types them. */
export function tokenSearchLatencies(count = 20_000, rounds = 20): { buildMs: number; latenciesMs: number[] } {
  const tokens = makeTokens(count);
  const t0 = performance.now();
  const index = buildTokenIndex(tokens);
  const buildMs = performance.now() - t0;
  const someAddress = Object.values(tokens)[3]![500]!.address;
  const queries = [
    '',
    'u',
    'us',
    'usd',
    'usdc',
    'e',
    'et',
    'eth',
    'p',
    'pe',
    'pep',
    'pepe',
    'pepe12',
    'fin',
    'finance',
    'token',
    'zzz',
    someAddress,
    someAddress.slice(0, 10),
    'ai9',
  ];
  const latenciesMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const query of queries) {
      const chainId = r % 2 === 0 ? undefined : 1;
      const s = performance.now();
      index.search(query, { chainId, limit: 50 });
      latenciesMs.push(performance.now() - s);
    }
  }
  return { buildMs, latenciesMs };
}
