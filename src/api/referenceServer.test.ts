import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { RECIPIENT, WALLET } from '../../testing/fixtures';
import { StepSchema } from '../schemas/route';
import { createRoutingClient, type RoutingClient } from './client';
import { HttpRequestError, RateLimitError } from './errors';
import { getChains } from './getChains';
import { getQuote } from './getQuote';
import { getRoutes } from './getRoutes';
import { getStatus } from './getStatus';
import { getStepTransaction } from './getStepTransaction';
import { getTokens } from './getTokens';
import { getTools } from './getTools';

/** The client against the real reference service: every action, every answer validated by the shared schemas. */
let service: RunningServer;
let client: RoutingClient;
beforeAll(async () => {
  service = await startServer({ port: 0, rateLimit: { disabled: true } });
  client = createRoutingClient({ baseUrl: service.url, retry: { attempts: 1 } });
});
afterAll(() => service?.close());

/** USDC on two EVM chains, found in the service's own listing. */
async function usdcPair() {
  const tokens = await getTokens(client);
  const usdc = Object.entries(tokens)
    .map(([chainId, list]) => ({ chainId, token: list.find((t) => t.symbol === 'USDC') }))
    .filter((entry) => entry.token !== undefined && /^0x[0-9a-fA-F]{40}$/.test(entry.token.address));
  const [from, to] = usdc;
  if (!from?.token || !to?.token) throw new Error('the reference catalog lists USDC on fewer than two chains');
  return { from: { chainId: from.chainId, token: from.token }, to: { chainId: to.chainId, token: to.token } };
}

describe('reference server', () => {
  it('lists chains, filtered by type', async () => {
    const chains = await getChains(client);
    expect(chains.length).toBeGreaterThan(1);
    const evm = await getChains(client, { chainTypes: ['EVM'] });
    expect(evm.length).toBeGreaterThan(0);
    expect(evm.every((c) => c.chainType === 'EVM')).toBe(true);
  });

  it('lists tokens and tools, filtered by chain', async () => {
    const [first] = await getChains(client, { chainTypes: ['EVM'] });
    const chainId = String(first?.id);
    const tokens = await getTokens(client, { chains: [chainId] });
    expect(Object.keys(tokens)).toEqual([chainId]);
    const tools = await getTools(client, { chains: [chainId] });
    expect(tools.bridges.length + tools.exchanges.length).toBeGreaterThan(0);
  });

  it('quotes, searches routes and prepares a step transaction', async () => {
    const { from, to } = await usdcPair();
    const fromAmount = 10n ** BigInt(from.token.decimals) * 100n;
    const quote = await getQuote(client, {
      fromChain: from.chainId,
      fromToken: from.token.address,
      toChain: to.chainId,
      toToken: to.token.address,
      fromAmount,
      fromAddress: WALLET,
      slippage: 0.005,
    });
    expect(BigInt(quote.estimate.toAmount)).toBeGreaterThan(0n);
    expect(quote.transactionRequest.data).toMatch(/^0x/);

    const { routes } = await getRoutes(client, {
      fromChainId: from.chainId,
      fromTokenAddress: from.token.address,
      toChainId: to.chainId,
      toTokenAddress: to.token.address,
      fromAmount,
      fromAddress: WALLET,
      toAddress: RECIPIENT,
      options: { order: 'OUTPUT', maxRoutes: 3, slippage: 0.005 },
    });
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.length).toBeLessThanOrEqual(3);

    const step = v.parse(StepSchema, routes[0]);
    const tx = await getStepTransaction(client, { step, senderAddress: WALLET, recipientAddress: RECIPIENT });
    expect(tx.id).toBe(step.id);
    expect(tx.transactionRequest.from.toLowerCase()).toBe(WALLET.toLowerCase());
    expect(BigInt(tx.transactionRequest.gasLimit)).toBeGreaterThan(0n);
  });

  it('answers NOT_FOUND for the status of a random hash', async () => {
    const txHash = `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    const status = await getStatus(client, { txHash });
    expect(status.status).toBe('NOT_FOUND');
  });

  it('reports invalid parameters as a LI.FI-shaped 4xx, not retried', async () => {
    const err = await getQuote(client, {
      fromChain: 1,
      fromToken: 'not-an-address',
      toChain: 10,
      toToken: 'nope',
      fromAmount: 1n,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as HttpRequestError).status).toBeGreaterThanOrEqual(400);
    expect((err as HttpRequestError).status).toBeLessThan(500);
    expect((err as HttpRequestError).serviceMessage).toBeTruthy();
  });

  it('exposes the rate-limit headers the service sends', async () => {
    await getChains(client);
    expect(client.rateLimit).toBeDefined();
  });
});

describe('reference server rate limits', () => {
  let limited: RunningServer;
  beforeAll(async () => {
    // The service's windows are aligned on the clock minute: freeze its clock one second into a minute, so the window
    // cannot roll over during the test and the reset is always 59 s away.
    const frozen = 1_700_000_041_000;
    limited = await startServer({
      port: 0,
      rateLimit: { tiers: { free: { perMinute: 2, perHour: 100 } }, now: () => frozen },
    });
  });
  afterAll(() => limited?.close());

  it('holds back instead of provoking a 429 once the window is used up, and reads a real 429', async () => {
    const seen: string[] = [];
    const polite = createRoutingClient({
      baseUrl: limited.url,
      retry: { retryAfterCapMs: 1000 },
      onRequest: (info) => seen.push(info.path),
    });
    await getChains(polite);
    await getChains(polite);
    expect(polite.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
    expect((polite.rateLimit?.resetAt ?? 0) - Date.now()).toBeGreaterThan(50_000);
    const held = await getChains(polite).catch((e: unknown) => e);
    expect(held).toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(2);

    const blunt = createRoutingClient({
      baseUrl: limited.url,
      holdWhenExhausted: false,
      retry: { retryAfterCapMs: 1000 },
    });
    const refused = await getChains(blunt).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).status).toBe(429);
    expect((refused as RateLimitError).retryAfterMs).toBe(59_000);
  });
});
