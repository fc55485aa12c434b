import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RateLimiter } from '../server/limits/rateLimiter';
import { DEFAULT_TIERS } from '../server/limits/tiers';
import { buildTokenIndex } from '../src/background/cache/tokenIndex';
import { startBackground } from '../src/background/startBackground';
import { removeAllListeners } from '../src/messaging/protocol';
import { defaultSettings, settingsItem } from '../src/storage/settings';
import { closeTokenDbForTests } from '../src/storage/tokenDb';
import {
  APPROVED_TX,
  CHAINS,
  makeTokens,
  statusBody,
  transferInput,
  txHash,
  USDC_ARB,
  USDC_ETH,
} from '../testing/background/fixtures';
import { createClock, FIXTURE_RPC_PATH, installPermissionFakes, PAGE, send } from '../testing/background/harness';
import { chainAnswering } from '../testing/background/scriptedChain';
import type { TestChain } from '../testing/background/testChain';
import {
  type RecordedRequest,
  type Responder,
  type ScriptedResponse,
  type ScriptedServer,
  startScriptedServer,
} from '../testing/scriptedServer';
import { plainTokenScan } from './plainTokenScan';

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

/** What one tracked transfer cost and how soon its outcome was notified. */
export type ArrivalRun = {
  statusRequests: number;
  /** Batched requests to the destination chain's RPC (the chain watch). */
  rpcRequests: number;
  /** Funds arrived (and the service says DONE) → notification; for a transfer that never arrives, start → give-up. */
  notificationDelayMs: number;
  status: string;
  notificationTitle: string | undefined;
  /**
   * The receiving transaction mined → the notification, read back on the destination chain in between: the simulated
   * wait plus the real time the background spent (status request, the arrival's read through the trusted RPC).
   */
  minedToNotifiedMs?: number;
  /** What the destination chain's read of the arrival settled (arrivalConfirm.ts): confirmed, or why not. */
  arrival?: string;
};

const NO_TIMERS = { set: () => undefined, clear: () => undefined };
let recipients = 0;
/** A fresh recipient per run: earlier runs' transfers on the shared chain are not this one's. */
const nextRecipient = (): `0x${string}` => `0x${(0xbe0000 + ++recipients).toString(16).padStart(40, '0')}`;

/** Counts the requests that go to `rpcUrl` (the chain watch) and passes everything on. */
/**
 * The chains a scenario reads, and no others: the destination is the real anvil node; the source chain's sent
 * transaction is answered by the scripted server (as in the background's unit harness), since these figures are about
 * the status schedule and the arrival watch. Without it the sent check went to the devnet's fixed port (nothing there)
 * and retried in real time on every check, which is what made this section crawl for many minutes.
 */
function scenarioChains(server: ScriptedServer, destination: TestChain) {
  server.script(`POST ${FIXTURE_RPC_PATH}`, chainAnswering(APPROVED_TX));
  return {
    rpcUrls: {
      [String(APPROVED_TX.chainId)]: `${server.url}${FIXTURE_RPC_PATH}`,
      [String(USDC_ARB.chainId)]: destination.rpcUrl,
    },
    trustedRpc: (chainId: number, overrides: Readonly<Record<string, string>>) => overrides[String(chainId)],
  };
}

function countingFetch(rpcUrl: string) {
  const counter = { rpc: 0 };
  const fetchFn: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(rpcUrl)) counter.rpc++;
    return fetch(input, init);
  };
  return { counter, fetchFn };
}

/**
 * (b) One transfer whose route estimates `expectedS` and whose funds arrive on the destination chain, and which the
 * service reports DONE, at `doneAtS` (null: never). Time is simulated: the clock jumps to each scheduled check or
 * chain read, and the real background sends the real requests. The destination chain is a real anvil node (`chain`):
 * at the arrival time the scenario makes a real ERC-20 transfer to the recipient there, which the watch must find
 * in the chain's logs through the trusted-RPC setting (`rpcUrls`), as in the extension.
 */
export async function transferArrival(
  chain: TestChain,
  expectedS = 120,
  doneAtS: number | null = 120,
): Promise<ArrivalRun> {
  freshBrowser();
  const server = await startScriptedServer();
  try {
    const clock = createClock(Date.now());
    const start = clock.now();
    const doneAt = doneAtS === null ? Number.POSITIVE_INFINITY : start + doneAtS * 1000;
    // A first start with nothing cached fetches the chain list (for catalog explorers), as from the real service.
    server.script('GET /v1/chains', { body: { chains: CHAINS } });
    const hash = txHash(42);
    // DONE names this transfer and the real receiving transaction, which the background reads back on chain.
    let received: string | undefined;
    server.script('GET /v1/status', () => ({
      body: received
        ? statusBody('DONE', 'COMPLETED', { sending: { txHash: hash }, receiving: { txHash: received } })
        : statusBody('PENDING', 'WAIT_DESTINATION_TRANSACTION'),
    }));
    const { rpcUrls, trustedRpc } = scenarioChains(server, chain);
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, rpcUrls });
    const { counter, fetchFn } = countingFetch(chain.rpcUrl);
    const runtime = startBackground({ now: clock.now, timers: NO_TIMERS, fetch: fetchFn, trustedRpc });
    await runtime.ready;
    const recipient = nextRecipient();
    const input = transferInput({ txHash: hash, executionDuration: expectedS, toAddress: recipient });
    await runtime.steps.trackTransfer(input);
    const { store, scheduler } = runtime.deps;
    /** Real time the background worked between the receiving transaction being mined and the notification. */
    let busyAfterMinedMs = 0;
    let notified = false;
    for (let i = 0; i < 20_000; i++) {
      const wake = await scheduler.nextWakeAt();
      if (wake === undefined) break;
      if (!received && doneAt <= wake) {
        clock.set(Math.max(clock.now(), doneAt));
        received = await chain.send(USDC_ARB.address as `0x${string}`, recipient, BigInt(input.toAmount));
        continue;
      }
      clock.set(Math.max(clock.now(), wake));
      const before = performance.now();
      await scheduler.runDue();
      if (received && !notified) {
        // Counted until the notification: the waits between are on the simulated clock.
        busyAfterMinedMs += performance.now() - before;
        notified = (await store.getSend(hash))?.notifiedAt !== undefined;
      }
    }
    const record = await store.getSend(hash);
    runtime.stop();
    const titles = Object.values(fakeBrowser.notifications.getAllCreateOptions()).map((n) => n.title);
    if (!record?.notifiedAt || titles.length !== 1) throw new Error('the transfer was not notified exactly once');
    return {
      statusRequests: server.requests.filter((r) => r.path === '/v1/status').length,
      rpcRequests: counter.rpc,
      notificationDelayMs: record.notifiedAt - (doneAtS === null ? start : doneAt),
      status: record.status,
      notificationTitle: titles[0],
      ...(received ? { minedToNotifiedMs: record.notifiedAt - doneAt + busyAfterMinedMs } : {}),
      arrival: record.arrival?.state,
    };
  } finally {
    await server.close();
  }
}

/** (d) Many transfers at once against the service's real fixed-window limiter on the Free tier. */
export type ManyTransfersRun = {
  transfers: number;
  statusRequests: number;
  maxStatusRequestsPerTransfer: number;
  rateLimited: number;
  popupRequests: number;
  /** Popup requests that would have been held (nothing left in the window) or were refused. */
  popupHeld: number;
  delaysMs: number[];
  /** Smallest gap between two status requests of one transfer. */
  minGapMs: number;
};

/**
 * `count` two-minute transfers recorded a second apart, arriving between 100 s and 100 + 5·(count − 1) s, to one
 * recipient (one person), amounts differing by a dollar; the popup sends a request every 10 s meanwhile. The
 * service's status and catalog answers pass through server/limits/rateLimiter.ts (Free tier: 60 a minute, 1,000 an
 * hour) on the simulated clock, with its X-RateLimit headers and 429s.
 */
export async function manyTransfers(chain: TestChain, count = 20, phaseS = 0): Promise<ManyTransfersRun> {
  freshBrowser();
  const server = await startScriptedServer();
  try {
    // The limiter's windows are aligned on the clock's minute: `phaseS` says where in the minute the first one starts.
    const clock = createClock(Math.floor(Date.now() / 60_000) * 60_000 + phaseS * 1000);
    const start = clock.now();
    const limiter = new RateLimiter(clock.now);
    let rateLimited = 0;
    const limited =
      (answer: (req: RecordedRequest) => ScriptedResponse): Responder =>
      (req) => {
        const decision = limiter.check('ip:bench', DEFAULT_TIERS.free);
        const headers = {
          'x-ratelimit-limit': String(decision.limit),
          'x-ratelimit-remaining': String(decision.remaining),
          'x-ratelimit-reset': String(decision.resetSec),
        };
        if (!decision.allowed) {
          rateLimited++;
          return {
            status: 429,
            headers: { ...headers, 'retry-after': String(decision.resetSec) },
            body: { message: 'Rate limit exceeded', code: 1005 },
          };
        }
        return { ...answer(req), headers };
      };
    const recipient = nextRecipient();
    const transfers = Array.from({ length: count }, (_, i) => ({
      hash: txHash(0x1000 + i),
      recordAt: start + i * 1000,
      doneAt: start + (100 + 5 * i) * 1000,
      amount: 100_000_000n + BigInt(i) * 1_000_000n,
      recorded: false,
      /** The receiving transaction, once mined: the service's DONE names it. */
      received: undefined as string | undefined,
    }));
    const byHash = new Map(transfers.map((t) => [t.hash.toLowerCase(), t]));
    const checks = new Map<string, number[]>();
    server.script(
      'GET /v1/status',
      limited((req) => {
        const hash = (req.query.get('txHash') ?? '').toLowerCase();
        checks.set(hash, [...(checks.get(hash) ?? []), clock.now()]);
        const t = byHash.get(hash);
        return {
          body: t?.received
            ? statusBody('DONE', 'COMPLETED', { sending: { txHash: t.hash }, receiving: { txHash: t.received } })
            : statusBody('PENDING'),
        };
      }),
    );
    server.script(
      'GET /v1/chains',
      limited(() => ({ body: { chains: CHAINS } })),
    );
    server.script(
      'GET /v1/tools',
      limited(() => ({ body: { bridges: [], exchanges: [] } })),
    );
    const { rpcUrls, trustedRpc } = scenarioChains(server, chain);
    await settingsItem.setValue({ ...defaultSettings(), apiBaseUrl: server.url, rpcUrls });
    // One attempt: a 429 must show here, not be absorbed by a retry that sleeps in real time.
    const runtime = startBackground({ now: clock.now, timers: NO_TIMERS, retry: { attempts: 1 }, trustedRpc });
    await runtime.ready;
    const { store, scheduler, api } = runtime.deps;
    let nextPopup = start;
    let popupRequests = 0;
    let popupHeld = 0;
    for (let i = 0; i < 50_000; i++) {
      const wake = (await scheduler.nextWakeAt()) ?? Number.POSITIVE_INFINITY;
      const toRecord = transfers.find((t) => !t.recorded);
      const toArrive = transfers.filter((t) => t.recorded && !t.received).sort((a, b) => a.doneAt - b.doneAt)[0];
      if (!toRecord && wake === Number.POSITIVE_INFINITY) break;
      const next = Math.min(wake, toRecord?.recordAt ?? Infinity, toArrive?.doneAt ?? Infinity, nextPopup);
      clock.set(Math.max(clock.now(), next));
      if (toRecord && toRecord.recordAt <= clock.now()) {
        const input = transferInput({
          txHash: toRecord.hash,
          toAddress: recipient,
          toAmount: String(toRecord.amount),
          toAmountMin: String((toRecord.amount * 995n) / 1000n),
        });
        await runtime.steps.trackTransfer(input);
        toRecord.recorded = true;
      } else if (toArrive && toArrive.doneAt <= clock.now()) {
        toArrive.received = await chain.send(USDC_ARB.address as `0x${string}`, recipient, toArrive.amount);
      } else if (nextPopup <= clock.now()) {
        // The popup's share: a request every 10 s (a person changing the amount, routes refreshed).
        nextPopup += 10_000;
        popupRequests++;
        if (api.heldUntil() > clock.now()) popupHeld++;
        else await api.getTools().catch(() => popupHeld++);
      } else {
        await scheduler.runDue();
      }
    }
    runtime.stop();
    const sends = await store.sends();
    const delaysMs = transfers.map((t) => {
      const record = sends.find((s) => s.txHash.toLowerCase() === t.hash.toLowerCase());
      if (!record?.notifiedAt) throw new Error(`transfer ${t.hash} was not notified`);
      return record.notifiedAt - t.doneAt;
    });
    const gaps = [...checks.values()].flatMap((times) => times.slice(1).map((at, i) => at - times[i]!));
    return {
      transfers: count,
      statusRequests: server.requests.filter((r) => r.path === '/v1/status').length,
      maxStatusRequestsPerTransfer: Math.max(...[...checks.values()].map((times) => times.length)),
      rateLimited,
      popupRequests,
      popupHeld,
      delaysMs,
      minGapMs: Math.min(...gaps),
    };
  } finally {
    await server.close();
  }
}

/**
 * (c) Latency of searchTokens' index over `count` tokens, for queries as a person types them; each query also
 * answered by a plain scan of the same tokens right after it (the baseline, bench/plainTokenScan.ts).
 */
export function tokenSearchLatencies(
  count = 20_000,
  rounds = 20,
): { buildMs: number; latenciesMs: number[]; plainScanMs: number[] } {
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
  const plainScanMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const query of queries) {
      const chainId = r % 2 === 0 ? undefined : 1;
      const s = performance.now();
      index.search(query, { chainId, limit: 50 });
      latenciesMs.push(performance.now() - s);
      const p = performance.now();
      plainTokenScan(tokens, query, { chainId, limit: 50 });
      plainScanMs.push(performance.now() - p);
    }
  }
  return { buildMs, latenciesMs, plainScanMs };
}
