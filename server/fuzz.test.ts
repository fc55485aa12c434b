import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './app';
import { seededRandom } from './testing/seededRandom';
import { RECIPIENT, SENDER, USDC, ZERO } from './testing/serviceClient';

/**
 * Random and boundary inputs for every parameter of every endpoint, sent over real HTTP to the in-process service:
 * every answer must be a 2xx/304 or a 4xx JSON `{ message, code }`, never a 5xx, a hang or a crash, and the heap must
 * not grow with the number of requests. Seeded, so a failure replays with the same inputs.
 */

const TOTAL = 10_000;
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Strings a query parameter may carry: valid ones (so deeper code runs) and hostile ones. */
const STRINGS: readonly string[] = [
  '',
  ' ',
  '1',
  '10',
  '42161',
  '8453',
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  '9'.repeat(80),
  '-9'.repeat(40),
  '0x1',
  '0xa4b1',
  '0xZZ',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '💥🚀',
  'ü\u0301',
  '\u0000',
  '\u202e',
  '%00',
  '%',
  '../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'a'.repeat(5_000),
  '1,2,3',
  ',,,',
  `${'1,'.repeat(500)}1`,
  USDC[1],
  USDC[42161],
  USDC[1].toLowerCase(),
  ZERO,
  SENDER,
  RECIPIENT,
  `${USDC[1]}00`,
  '0x0000000000000000000000000000000000000001',
  'EVM',
  'EVM,SOLANA',
  'SVM',
  'across',
  'stargate',
  'nope',
  'across,nope',
  '0.005',
  '0.5',
  '2',
  '-0.1',
  `0x${'ab'.repeat(32)}`,
  `0x${'AB'.repeat(32)}`,
  `0x${'ab'.repeat(31)}`,
];

/** JSON values for body fields. */
const VALUES: readonly (() => unknown)[] = [
  () => pick(STRINGS),
  () => null,
  () => true,
  () => 0,
  () => -1,
  () => 1.5,
  () => Number.MAX_SAFE_INTEGER,
  () => 1e308,
  () => -1e308,
  () => [],
  () => [pick(STRINGS), pick(STRINGS)],
  () => ({}),
  () => ({ [pick(STRINGS)]: pick(STRINGS) }),
  () => deepObject(50),
  () => Array.from({ length: 1_000 }, () => 'x'),
];
const anyValue = () => pick(VALUES)();

type Req = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

const QUERY_ENDPOINTS: Record<string, readonly string[]> = {
  '/v1/chains': ['chainTypes'],
  '/v1/tokens': ['chains'],
  '/v1/tools': ['chains'],
  '/v1/quote': [
    'fromChain',
    'fromToken',
    'toChain',
    'toToken',
    'fromAmount',
    'fromAddress',
    'toAddress',
    'slippage',
    'allowBridges',
    'denyBridges',
  ],
  '/v1/status': ['txHash'],
};

const VALID_QUOTE: Record<string, string> = {
  fromChain: '1',
  fromToken: USDC[1],
  toChain: '42161',
  toToken: USDC[42161],
  fromAmount: '25000000',
  fromAddress: SENDER,
};

const VALID_ROUTES = {
  fromChainId: '1',
  fromTokenAddress: USDC[1],
  toChainId: '42161',
  toTokenAddress: USDC[42161],
  fromAmount: '25000000',
  fromAddress: SENDER,
  toAddress: RECIPIENT,
  options: { slippage: 0.005, order: 'OUTPUT', maxRoutes: 3, bridges: { allow: [], deny: [], prefer: [] } },
};

function queryString(names: readonly string[], base: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of names) {
    if (chance(0.15)) continue; // missing
    const repeat = chance(0.05) ? 2 : 1; // arrays where strings go: a=1&a=2
    for (let i = 0; i < repeat; i++) params.append(name, chance(0.4) && base[name] ? base[name] : pick(STRINGS));
  }
  if (chance(0.1)) params.append(pick(STRINGS).slice(0, 20) || 'x', pick(STRINGS));
  return params.toString();
}

/** Replaces, deletes or adds one member somewhere in a JSON object (a few levels deep). */
function mutate(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return anyValue();
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const key = keys.length > 0 ? pick(keys) : 'x';
  const roll = random();
  if (roll < 0.15) delete copy[key];
  else if (roll < 0.25) copy[pick(STRINGS).slice(0, 30) || 'extra'] = anyValue();
  else if (roll < 0.6 && depth < 4 && typeof copy[key] === 'object') copy[key] = mutate(copy[key], depth + 1);
  else copy[key] = anyValue();
  return copy;
}

function jsonBody(valid: unknown): string | Buffer {
  const roll = random();
  if (roll < 0.03) return '';
  if (roll < 0.06) return '{"fromChainId": "1", ';
  if (roll < 0.08) return deepArray(20_000);
  if (roll < 0.1) return `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
  if (roll < 0.11) return Buffer.alloc(300 * 1024, 'a'); // over the 256 KiB limit
  if (roll < 0.13) return JSON.stringify(anyValue());
  let body = valid;
  const mutations = 1 + Math.floor(random() * 3);
  for (let i = 0; i < mutations; i++) body = mutate(body);
  return JSON.stringify(body);
}

const PATHS = [...Object.keys(QUERY_ENDPOINTS), '/v1/advanced/routes', '/v1/advanced/stepTransaction'];
const ODD_PATHS = [
  '/',
  '/v1',
  '/v1/',
  '/v2/chains',
  '/v1/chains/',
  '//v1/chains',
  '/v1/../v1/chains',
  '/v1/%2e%2e/%2e%2e/etc/passwd',
  '/../../../../etc/passwd',
  '/v1/advanced/routes/../../chains',
  '/V1/CHAINS',
  '/v1/chains%00',
  '/v1/chains;x',
  '/v1/%ZZ',
  `/v1/${'a'.repeat(3_000)}`,
  '/explorer/../v1/chains',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  '',
];

function nextRequest(step: Record<string, unknown>): Req {
  const roll = random();
  if (roll < 0.05) return { method: pick(METHODS), path: pick(ODD_PATHS) };
  const path = pick(PATHS);
  const method = chance(0.06) ? pick(METHODS) : path.startsWith('/v1/advanced') ? 'POST' : 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') {
    const names = QUERY_ENDPOINTS[path] ?? ['senderAddress', 'recipientAddress'];
    const q = queryString(names, VALID_QUOTE);
    return { method, path: q ? `${path}?${q}` : path };
  }
  const contentType = chance(0.9) ? 'application/json' : pick(CONTENT_TYPES);
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  if (path === '/v1/advanced/stepTransaction') {
    const q = queryString(['senderAddress', 'recipientAddress'], {
      senderAddress: SENDER,
      recipientAddress: RECIPIENT,
    });
    return { method, path: `${path}?${q}`, headers, body: jsonBody(step) };
  }
  return { method, path, headers, body: jsonBody(VALID_ROUTES) };
}

type Answer = { status: number; contentType: string; body: string };

function send(base: URL, agent: Agent, req: Req): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: base.hostname, port: base.port, method: req.method, path: req.path, headers: req.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('no answer in 10 s')));
    // The service may answer 413 and close before a huge body is written: that answer still counts.
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** What makes an answer acceptable; returns the problem or undefined. */
function judge(req: Req, answer: Answer): string | undefined {
  if (answer.status >= 500) return `${answer.status}`;
  if (answer.status === 0) return 'no status';
  if (req.method === 'HEAD' || answer.status === 204 || answer.status === 304) return undefined;
  if (!answer.contentType.includes('application/json')) return `content-type ${answer.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  if (answer.status >= 400) {
    const error = body as { message?: unknown; code?: unknown };
    if (typeof error?.message !== 'string' || typeof error.code !== 'number') return 'error without {message, code}';
    if (/\n\s+at |node:internal|\.ts:\d+/.test(error.message)) return 'stack trace in message';
    return undefined;
  }
  return answer.status === 200 ? undefined : `unexpected ${answer.status}`;
}

/** Forces a full collection (vitest's workers do not run with --expose-gc). */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe(`service fuzz: ${TOTAL} random and boundary requests (seed ${SEED})`, () => {
  let server: RunningServer;
  let agent: Agent;
  let base: URL;
  let step: Record<string, unknown>;

  beforeAll(async () => {
    server = await startServer({ port: 0, logLevel: 'silent', rateLimit: { disabled: true } });
    base = new URL(server.url);
    // One connection per request: a keep-alive socket the service closed after refusing a body would make the
    // next request on it fail in the client, which says nothing about the service.
    agent = new Agent({ keepAlive: false, maxSockets: CONCURRENCY });
    // A real step to mutate, so stepTransaction's deeper checks (tag, amounts, addresses) are reached.
    const res = await fetch(`${server.url}/v1/advanced/routes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(VALID_ROUTES),
    });
    step = ((await res.json()) as { routes: Record<string, unknown>[] }).routes[0]!;
  });
  afterAll(async () => {
    agent?.destroy();
    await server?.close();
  });

  async function run(count: number, problems: string[], statuses: Map<number, number>) {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const req = nextRequest(step);
        let answer: Answer;
        try {
          answer = await send(base, agent, req);
        } catch (err) {
          // A refused oversized body may reset the socket after the 413: only that is tolerated.
          if (Buffer.isBuffer(req.body) && req.body.length > 256 * 1024) continue;
          problems.push(`${req.method} ${req.path.slice(0, 120)}: ${(err as Error).message}`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = judge(req, answer);
        if (problem && problems.length < 20) {
          const body = typeof req.body === 'string' ? req.body.slice(0, 200) : `<${req.body?.length ?? 0} bytes>`;
          problems.push(`${problem}: ${req.method} ${req.path.slice(0, 200)} ${body} → ${answer.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  it('answers every request with JSON, never a 5xx, within the time bound, with a stable heap', async () => {
    const gc = collectGarbage();
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();

    // Warm-up half: caches (listings, LRU of filters, JIT) fill up here.
    await run(TOTAL / 2, problems, statuses);
    gc();
    const heapAtHalf = process.memoryUsage().heapUsed;
    await run(TOTAL / 2, problems, statuses);
    gc();
    const heapAtEnd = process.memoryUsage().heapUsed;
    const elapsed = Date.now() - started;

    console.info(
      `fuzz: ${elapsed} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, heap ${(heapAtHalf / 2 ** 20).toFixed(1)} → ${(heapAtEnd / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(problems).toEqual([]);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(answered).toBeGreaterThanOrEqual(TOTAL * 0.98);
    // Valid-by-chance inputs reach the handlers' success paths too, not only the validators.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(TOTAL * 0.05);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(TOTAL * 0.3);
    // The second 5,000 requests leave the heap where the first left it (a per-request leak of even 1 KiB would show).
    expect(heapAtEnd - heapAtHalf).toBeLessThan(8 * 1024 * 1024);
    expect(elapsed).toBeLessThan(90_000);
  }, 120_000);
});
