import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SENDER, USDC, useServer } from '../testing/serviceClient';

const KEYED = 'lifi-key-default-rpm';
const SMALL = 'lifi-key-two-per-minute';
const START = Date.UTC(2026, 0, 1, 12, 0, 10);
let clock = START;

const ROUTES_BODY = {
  fromChainId: 1,
  toChainId: 42161,
  fromTokenAddress: USDC[1],
  toTokenAddress: USDC[42161],
  fromAmount: '1000000000',
  fromAddress: SENDER,
};
const QUOTE = `/v1/quote?fromChain=1&toChain=42161&fromToken=${USDC[1]}&toToken=${USDC[42161]}&fromAmount=1000000000&fromAddress=${SENDER}`;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request from a chosen loopback address (LI.FI counts keyless callers per address). */
function call(
  base: string,
  path: string,
  options: { from?: string; key?: string; body?: unknown } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.key ? { 'x-lifi-api-key': options.key } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const rate = (a: Answer) => ({
  limit: Number(a.headers['ratelimit-limit']),
  remaining: Number(a.headers['ratelimit-remaining']),
  reset: Number(a.headers['ratelimit-reset']),
});

describe("LI.FI's limits in the LI.FI dialect (real HTTP, simulated clock)", () => {
  const service = useServer({
    dialect: 'lifi',
    keys: {
      keys: [
        { key: KEYED, tier: 'standard' },
        { key: SMALL, tier: 'standard', perMinute: 2 },
      ],
    },
    rateLimit: { now: () => clock },
  });

  it('gives a keyless address 75 route searches per two hours, then 429 code 1005 with the reset in seconds', async () => {
    const from = '127.0.0.2';
    const answers: Answer[] = [];
    for (let i = 0; i < 76; i++) {
      answers.push(await call(service.url, '/v1/advanced/routes', { from, body: ROUTES_BODY }));
      if (i === 0) clock += 60_000;
    }
    expect(answers.slice(0, 75).every((a) => a.status === 200)).toBe(true);
    expect(rate(answers[0]!)).toEqual({ limit: 75, remaining: 74, reset: 7200 });
    // The window opened at the first search: a minute later its reset is a minute nearer.
    expect(rate(answers[74]!)).toEqual({ limit: 75, remaining: 0, reset: 7140 });
    const over = answers[75]!;
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('7140');
    expect(JSON.parse(over.body)).toEqual({
      message: 'Rate limit exceeded: 75 requests per two hours for this endpoint; retry in 7140 s',
      code: 1005,
    });
    expect(over.headers['x-ratelimit-limit']).toBeUndefined();

    // Other groups of the same address are untouched; another address has its own allowance.
    const quote = await call(service.url, QUOTE, { from });
    expect(quote.status).toBe(200);
    expect(rate(quote)).toMatchObject({ limit: 75, remaining: 74 });
    const chains = await call(service.url, '/v1/chains', { from });
    expect(rate(chains)).toEqual({ limit: 100, remaining: 99, reset: 60 });
    const elsewhere = await call(service.url, '/v1/advanced/routes', { from: '127.0.0.3', body: ROUTES_BODY });
    expect(rate(elsewhere)).toMatchObject({ limit: 75, remaining: 74 });

    // Two hours after the first search the allowance is whole again.
    clock += 7_140_000;
    const again = await call(service.url, '/v1/advanced/routes', { from, body: ROUTES_BODY });
    expect(again.status).toBe(200);
    expect(rate(again)).toEqual({ limit: 75, remaining: 74, reset: 7200 });
  });

  it('gives 50 step transactions per two hours and 100 other requests per minute', async () => {
    const from = '127.0.0.4';
    const steps: Answer[] = [];
    // The body is refused (400), but a refused request is still a request: LI.FI counts it.
    for (let i = 0; i < 51; i++)
      steps.push(await call(service.url, '/v1/advanced/stepTransaction', { from, body: {} }));
    expect(steps[0]!.status).toBe(400);
    expect(rate(steps[0]!)).toEqual({ limit: 50, remaining: 49, reset: 7200 });
    expect(steps[50]!.status).toBe(429);
    expect(JSON.parse(steps[50]!.body)).toMatchObject({ code: 1005 });

    const tools: Answer[] = [];
    for (let i = 0; i < 101; i++) tools.push(await call(service.url, '/v1/tools', { from }));
    expect(tools[99]!.status).toBe(200);
    expect(tools[100]!.status).toBe(429);
    expect(JSON.parse(tools[100]!.body).message).toBe('Rate limit exceeded: 100 requests per minute; retry in 60 s');
    clock += 60_000;
    expect((await call(service.url, '/v1/tools', { from })).status).toBe(200);
  });

  it("counts a key's RPM × 120 over a rolling two hours for every endpoint, 100 RPM by default", async () => {
    const keyed = await call(service.url, '/v1/advanced/routes', { key: KEYED, body: ROUTES_BODY });
    expect(rate(keyed)).toMatchObject({ limit: 12_000, remaining: 11_999 });

    // 2 RPM: 240 per two hours, spent over two minutes; the first minute's requests come back when it leaves.
    const spent: Answer[] = [];
    for (let i = 0; i < 241; i++) {
      const path = i % 2 === 0 ? '/v1/tools' : '/v1/chains';
      spent.push(await call(service.url, path, { key: SMALL }));
      if (i === 119) clock += 60_000;
    }
    expect(rate(spent[0]!)).toMatchObject({ limit: 240, remaining: 239 });
    expect(spent[239]!.status).toBe(200);
    const over = spent[240]!;
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toMatchObject({ code: 1005 });
    const reset = rate(over).reset;
    expect(reset).toBeGreaterThan(7_000);
    expect(reset).toBeLessThanOrEqual(7_200);
    clock += reset * 1000;
    const back = await call(service.url, '/v1/tools', { key: SMALL });
    expect(back.status).toBe(200);
    // The first minute's 120 left the window; the second minute's 120 and this one remain.
    expect(rate(back)).toMatchObject({ limit: 240, remaining: 119 });
  });

  it('refuses an unknown key with 401 code 1010, counted against the address and the endpoint group', async () => {
    const from = '127.0.0.5';
    const guess = await call(service.url, '/v1/advanced/routes', { from, key: 'not-a-key', body: ROUTES_BODY });
    expect(guess.status).toBe(401);
    expect(JSON.parse(guess.body)).toMatchObject({ code: 1010 });
    expect(rate(guess)).toMatchObject({ limit: 75, remaining: 74 });
    const keyless = await call(service.url, '/v1/advanced/routes', { from, body: ROUTES_BODY });
    expect(rate(keyless)).toMatchObject({ limit: 75, remaining: 73 });
  });
});
