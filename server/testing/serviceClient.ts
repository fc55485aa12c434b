import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../app';

export const SENDER = '0x1111111111111111111111111111111111111111';
export const RECIPIENT = '0x2222222222222222222222222222222222222222';
export const ZERO = '0x0000000000000000000000000000000000000000';
export const USDC = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  56: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
} as const;
export const ARB_TOKEN = '0x912CE59144191C1204E64559FE8253a0e49E6548';

/** A spec-dialect routes body with every kind of route: 2,500 USDC on Ethereum to ARB on Arbitrum. */
export const USDC_TO_ARB_ROUTES = {
  fromChainId: '1',
  fromTokenAddress: USDC[1],
  toChainId: '42161',
  toTokenAddress: ARB_TOKEN,
  fromAmount: '2500000000',
  fromAddress: SENDER,
};

/** A real service on a free loopback port for the tests of one file (rate limit off unless asked for). */
export function useServer(options: ServerOptions = {}): { readonly url: string; readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, logLevel: 'silent', rateLimit: { disabled: true }, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
  };
}

/** Response bodies are read loosely: success bodies are checked with the shared schemas, errors by field. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected field by field after schema checks
export type JsonBody = any;

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; headers: Headers; body: JsonBody }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return getJson(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function quoteUrl(base: string, params: Record<string, string>): string {
  return `${base}/v1/quote?${new URLSearchParams(params)}`;
}
