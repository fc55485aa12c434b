import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startServer } from '../server/app';
import { type BenchRow, median, printTable } from './table';

/** The part of autocannon's API used here (the package ships no types). */
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  workers?: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
  callback: (err: Error | null, result: AutocannonResult) => void,
) => unknown;

function load(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const BENCH_KEY = 'bench-unlimited-key';
const SENDER = '0x1111111111111111111111111111111111111111';
const CONCURRENCY = 32;
const DURATION_SEC = Number(process.env.BENCH_SERVICE_SECONDS ?? '5');

/** USDC on Ethereum to ETH on Arbitrum: a cross-chain search with every bridge and swaps on both sides. */
const ROUTES_BODY = JSON.stringify({
  fromChainId: '1',
  fromTokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  toChainId: '42161',
  toTokenAddress: '0x912CE59144191C1204E64559FE8253a0e49E6548',
  fromAmount: '2500000000',
  fromAddress: SENDER,
});
const QUOTE_QUERY =
  'fromChain=10&fromToken=0x0000000000000000000000000000000000000000&toChain=8453' +
  `&toToken=0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913&fromAmount=500000000000000000&fromAddress=${SENDER}`;

/**
 * The lifi dialect's request: ETH on Ethereum to USDC on Arbitrum (numeric chain IDs), through AcrossFacetV4 with
 * and without a source swap (destination swaps are not offered there, server/README.md).
 */
const LIFI_ROUTES_BODY = JSON.stringify({
  fromChainId: 1,
  fromTokenAddress: '0x0000000000000000000000000000000000000000',
  toChainId: 42161,
  toTokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  fromAmount: '1000000000000000000',
  fromAddress: SENDER,
});
const LIFI_QUOTE_QUERY =
  'fromChain=1&fromToken=ETH&toChain=42161&toToken=USDC&fromAmount=1000000000000000000' + `&fromAddress=${SENDER}`;

function loadRows(name: string, result: AutocannonResult, reqTarget: number, p99Target: number): BenchRow[] {
  const failed = result.non2xx + result.errors + result.timeouts;
  const note = failed > 0 ? `${failed} failed requests` : undefined;
  return [
    {
      metric: `service ${name} throughput (c=${CONCURRENCY})`,
      value: Math.round(result.requests.average),
      unit: 'req/s',
      target: `>= ${reqTarget}`,
      pass: result.requests.average >= reqTarget && failed === 0,
      ...(note ? { note } : {}),
    },
    { metric: `service ${name} p50 latency (c=${CONCURRENCY})`, value: result.latency.p50, unit: 'ms' },
    {
      metric: `service ${name} p99 latency (c=${CONCURRENCY})`,
      value: result.latency.p99,
      unit: 'ms',
      target: `< ${p99Target}`,
      pass: result.latency.p99 < p99Target,
    },
  ];
}

async function timed(fn: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * Load on an in-process server (autocannon in a worker thread, so the client does not steal the server's event
 * loop): /v1/advanced/routes and /v1/quote at concurrency 32, then the large catalog's /v1/tokens size, full fetch
 * time and 304 revalidation time. An unlimited key keeps the limiter (and its bookkeeping) in the measured path.
 */
export async function benchService(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const keys = { keys: [{ key: BENCH_KEY, tier: 'unlimited' as const, name: 'bench' }] };
  const server = await startServer({ port: 0, keys, logLevel: 'error' });
  try {
    const headers = { 'x-api-key': BENCH_KEY, 'content-type': 'application/json' };
    const common = { connections: CONCURRENCY, duration: DURATION_SEC, headers, workers: 1 };
    // A short warm-up so the JIT and the pool indexes are hot before measuring.
    await load({ ...common, duration: 1, url: `${server.url}/v1/advanced/routes`, method: 'POST', body: ROUTES_BODY });
    const routes = await load({
      ...common,
      url: `${server.url}/v1/advanced/routes`,
      method: 'POST',
      body: ROUTES_BODY,
    });
    rows.push(...loadRows('/v1/advanced/routes', routes, 1500, 25));
    const quote = await load({ ...common, url: `${server.url}/v1/quote?${QUOTE_QUERY}` });
    rows.push(...loadRows('/v1/quote', quote, 1500, 25));
  } finally {
    await server.close();
  }

  const large = await startServer({ port: 0, catalog: 'large', keys, logLevel: 'error' });
  try {
    const url = `${large.url}/v1/tokens`;
    const gz = await fetch(url, { headers: { 'x-api-key': BENCH_KEY, 'accept-encoding': 'gzip' } });
    const etag = gz.headers.get('etag') ?? '';
    const { tokens } = (await gz.json()) as { tokens: Record<string, unknown[]> };
    const count = Object.values(tokens).reduce((sum, list) => sum + list.length, 0);
    const gzipBytes = Number(gz.headers.get('content-length') ?? '0');
    const raw = await fetch(url, { headers: { 'x-api-key': BENCH_KEY, 'accept-encoding': 'identity' } });
    const rawBody = await raw.arrayBuffer();
    rows.push(
      { metric: 'large catalog /v1/tokens size (gzip)', value: Math.round(gzipBytes / 1024), unit: 'KiB' },
      { metric: 'large catalog /v1/tokens size (raw)', value: Math.round(rawBody.byteLength / 1024), unit: 'KiB' },
    );
    const full = await timed(async () => {
      const r = await fetch(url, { headers: { 'x-api-key': BENCH_KEY, 'accept-encoding': 'gzip' } });
      await r.arrayBuffer();
    }, 9);
    rows.push({
      metric: 'large catalog /v1/tokens full fetch (gzip, median)',
      value: Number(full.toFixed(2)),
      unit: 'ms',
      target: '< 100',
      pass: full < 100,
      note: `${count.toLocaleString('en')} tokens on ${Object.keys(tokens).length} chains`,
    });
    const revalidate = await timed(async () => {
      const r = await fetch(url, { headers: { 'x-api-key': BENCH_KEY, 'if-none-match': etag } });
      if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
      await r.arrayBuffer();
    }, 21);
    rows.push({
      metric: 'large catalog /v1/tokens 304 revalidation (median)',
      value: Number(revalidate.toFixed(2)),
      unit: 'ms',
      target: '< 5',
      pass: revalidate < 5,
    });
  } finally {
    await large.close();
  }
  return rows;
}

/** The same load in the lifi dialect (LI.FI's shapes, diamond calldata, x-lifi-api-key): rows `service lifi …`. */
export async function benchServiceLifi(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const keys = { keys: [{ key: BENCH_KEY, tier: 'unlimited' as const, name: 'bench' }] };
  const server = await startServer({ port: 0, keys, logLevel: 'error', dialect: 'lifi' });
  try {
    const headers = { 'x-lifi-api-key': BENCH_KEY, 'content-type': 'application/json' };
    const common = { connections: CONCURRENCY, duration: DURATION_SEC, headers, workers: 1 };
    const routesUrl = `${server.url}/v1/advanced/routes`;
    await load({ ...common, duration: 1, url: routesUrl, method: 'POST', body: LIFI_ROUTES_BODY });
    const routes = await load({ ...common, url: routesUrl, method: 'POST', body: LIFI_ROUTES_BODY });
    rows.push(...loadRows('lifi /v1/advanced/routes', routes, 1500, 25));
    const quote = await load({ ...common, url: `${server.url}/v1/quote?${LIFI_QUOTE_QUERY}` });
    rows.push(...loadRows('lifi /v1/quote', quote, 1500, 25));
  } finally {
    await server.close();
  }
  return rows;
}

// `npx tsx bench/service.ts` runs this section alone and prints its table (npm run bench writes results.json).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable([...(await benchService()), ...(await benchServiceLifi())]);
}
