import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../server/app';
import { RECIPIENT, SENDER, USDC } from '../../../server/testing/serviceClient';
import { lifiDiamond } from '../../checks/routers/lifiDiamond';
import { LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import { routeToStep } from '../../signing/routeStep';
import { routingActions } from '../adapters';
import { createRoutingClient, type RoutingClient } from '../client';

/**
 * The extension's LI.FI dialect (every action, its schemas and normalization) against the reference service's
 * `lifi` dialect, over real HTTP; and the signing guard's diamond decoder on the calldata that service builds with
 * production's layout. The recorded production bodies are in ./lifi.test.ts; this checks the two halves meet.
 */
let server: RunningServer;
let client: RoutingClient;
const lifi = routingActions('lifi');

beforeAll(async () => {
  server = await startServer({ dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
  client = createRoutingClient({ baseUrl: server.url, dialect: 'lifi', retry: { attempts: 1 } });
});
afterAll(() => server?.close());

describe('the LI.FI dialect against the reference service’s lifi twin', () => {
  it('reads the catalog into the internal model', async () => {
    const chains = await lifi.getChains(client, {});
    const eth = chains.find((c) => Number(c.id) === 1);
    expect(eth?.wallet.rpcUrls?.length).toBeGreaterThan(0);
    const tokens = await lifi.getTokens(client, {});
    expect(
      Object.values(tokens)
        .flat()
        .some((t) => t.address === USDC[1]),
    ).toBe(true);
    const tools = await lifi.getTools(client, {});
    expect(tools.bridges.some((b) => b.key === 'across')).toBe(true);
  });

  it('gets routes, a step transaction the guard decodes as the person chose, and a quote', async () => {
    const { routes } = await lifi.getRoutes(client, {
      fromChainId: 1,
      fromTokenAddress: USDC[1],
      toChainId: 42161,
      toTokenAddress: USDC[42161],
      fromAmount: '25000000',
      fromAddress: SENDER,
      toAddress: RECIPIENT,
      options: { slippage: 0.005, order: 'OUTPUT' },
    });
    expect(routes.length).toBeGreaterThan(0);
    const route = routes[0]!;
    expect(route.action?.fromAmount).toBe('25000000');

    const step = await lifi.getStepTransaction(client, {
      step: routeToStep(route, SENDER, RECIPIENT),
      senderAddress: SENDER,
      recipientAddress: RECIPIENT,
    });
    const tx = step.transactionRequest;
    expect(tx.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    const decoded = lifiDiamond.decode(tx.data as `0x${string}`, 1);
    if (!decoded.ok) throw new Error(decoded.reason);
    expect(decoded.call).toMatchObject({
      kind: 'bridge',
      amountIn: 25_000_000n,
      destinationChainId: 42161,
    });
    expect(decoded.call.sendingToken.toLowerCase()).toBe(USDC[1].toLowerCase());
    expect(decoded.call.receiver.toLowerCase()).toBe(RECIPIENT.toLowerCase());
    expect(decoded.call.minAmountOut).toBeGreaterThan(0n);

    const quote = await lifi.getQuote(client, {
      fromChain: 1,
      fromToken: USDC[1],
      toChain: 42161,
      toToken: USDC[42161],
      fromAmount: '25000000',
      fromAddress: SENDER,
    });
    expect(quote.transactionRequest?.to.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
  });

  it('reads an unknown hash as NOT_FOUND', async () => {
    const status = await lifi.getStatus(client, { txHash: `0x${'ab'.repeat(32)}`, fromChainId: 1, toChainId: 42161 });
    expect(status.status).toBe('NOT_FOUND');
  });
});

describe('the gas suggestion against the twin', () => {
  it('reads LI.FI’s suggestion for gas on arrival, and none where LI.FI brings none; the spec dialect has none', async () => {
    const eth = await lifi.getGasSuggestion(client, { chainId: 42161, fromChainId: 1, fromToken: USDC[1] });
    expect(eth?.gas).toBeGreaterThan(0n);
    expect(eth?.fromAmountForGas).toBeGreaterThan(0n);
    const none = await lifi.getGasSuggestion(client, { chainId: 137, fromChainId: 1, fromToken: USDC[1] });
    expect(none).toBeUndefined();
    expect(
      await routingActions('spec').getGasSuggestion(client, { chainId: 42161, fromChainId: 1, fromToken: USDC[1] }),
    ).toBeUndefined();
  });
});
