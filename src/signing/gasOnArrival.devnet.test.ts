import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { routingActions } from '../api/adapters';
import { createRoutingClient } from '../api/client';
import { createRpcReader } from '../chains/rpcReader';
import { TransactionGuardError } from '../checks/errors';
import { createSimulator } from '../checks/simulation/simulateBeforeSigning';
import type { TransferChoice } from '../model/choice';
import { previewTransfer } from './previewTransfer';

/**
 * A routing service that slips LI.FI's `fromAmountForGas` into a route the person did not ask gas on arrival for:
 * the twin then builds a bridge call whose swap step sends part of the amount to Gas.zip's periphery, and less
 * arrives as the chosen token. The review's preview must refuse it: from the route's steps when they show it, from
 * the calldata (src/checks/routers/lifi/gasOnArrival.ts) when they hide it.
 */

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;

let devnet: Devnet;
let server: RunningServer;
const rpc = createRpcReader();

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1, 42161], solana: false, timeFactor: 0.002 });
  server = await startServer({ port: 0, devnet, dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await devnet?.stop();
});

const rpcUrl = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl;

type Step = { includedSteps?: { tool: string; action: { fromAmount: string } }[]; action: { fromAmount: string } };

/** Leaves the gas step out of what the route says, so the step reads as the plain bridge the person chose. */
function hideGas(step: Step): Step {
  const kept = (step.includedSteps ?? []).filter((included) => included.tool !== 'gasZip');
  for (const included of kept) included.action.fromAmount = step.action.fromAmount;
  return { ...step, includedSteps: kept };
}

/**
 * A fetch that adds `fromAmountForGas` to every routes request and hides the gas step from the answers (the
 * routes and the step transaction), as a hostile service would: only the calldata still carries the gas.
 */
function slipGas(gas: bigint, hide: boolean): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/advanced/routes') && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      const res = await fetch(input, { ...init, body: JSON.stringify({ ...body, fromAmountForGas: gas.toString() }) });
      const answer = (await res.json()) as { routes: { steps: Step[] }[] };
      if (hide) for (const route of answer.routes) route.steps = route.steps.map(hideGas);
      return Response.json(answer, { status: res.status });
    }
    if (hide && url.endsWith('/advanced/stepTransaction')) {
      const res = await fetch(input, init);
      return Response.json(hideGas((await res.json()) as Step), { status: res.status });
    }
    return fetch(input, init);
  }) as typeof fetch;
}

/** The review's preview of 60 USDC Ethereum → Arbitrum through Across, from a service adding `gas` for gas on arrival. */
async function preview(gas: bigint, hide: boolean, chosenGas?: bigint) {
  const account = devAccount(3).address;
  const amount = 60_000_000n;
  const client = createRoutingClient({
    baseUrl: server.url,
    dialect: 'lifi',
    retry: { attempts: 1 },
    fetch: slipGas(gas, hide),
  });
  const actions = routingActions('lifi');
  const { routes } = await actions.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: USDC_ETH,
    toChainId: 42161,
    toTokenAddress: USDC_ARB,
    fromAmount: amount.toString(),
    fromAddress: account,
    toAddress: account,
    options: { slippage: 0.005, order: 'OUTPUT', bridges: { allow: ['across'] } },
  });
  const choice: TransferChoice = {
    fromChainId: 1,
    toChainId: 42161,
    fromToken: USDC_ETH,
    toToken: USDC_ARB,
    fromAmount: amount,
    fromAddress: account,
    slippage: 0.005,
    ...(chosenGas !== undefined ? { fromAmountForGas: chosenGas } : {}),
  };
  return previewTransfer(
    { choice, route: routes[0]!, account, recipient: account },
    {
      getStepTransaction: (data) => actions.getStepTransaction(client, data),
      simulator: createSimulator({ rpcUrl }),
      readAllowance: async (chainId, token, owner, spender) =>
        (await rpc.readAllowance(rpcUrl(chainId)!, token, owner, spender)).allowance,
    },
  );
}

const refusal = (report: Promise<unknown>) =>
  report.then(
    () => undefined,
    (error: unknown) => error as TransactionGuardError,
  );

describe("gas on arrival in the review's preview", () => {
  it.each([
    ['shown as a gasZip step', false, 'ROUTE_MISMATCH'],
    // Only the calldata carries it: the guard reads the GasZipPeriphery step there.
    ['hidden from the route', true, 'GAS_MISMATCH'],
  ] as const)(
    'nobody asked for is refused before the wallet is asked, %s',
    async (_how, hide, code) => {
      const refused = await refusal(preview(5_000_000n, hide));
      expect(refused).toBeInstanceOf(TransactionGuardError);
      expect(refused?.code).toBe(code);
    },
    120_000,
  );

  it('the person chose passes the guard and the simulation: the whole amount leaves, Gas.zip takes its part', async () => {
    expect(await await preview(5_000_000n, false, 5_000_000n)).toEqual({
      simulated: true,
      changes: [{ token: USDC_ETH.toLowerCase(), amount: -60_000_000n }],
    });
  }, 120_000);

  it('of another amount than the person chose is refused', async () => {
    const refused = await refusal(preview(6_000_000n, false, 5_000_000n));
    expect(refused?.code).toBe('ROUTE_MISMATCH');
    const hidden = await refusal(preview(6_000_000n, true, 5_000_000n));
    expect(hidden?.code).toBe('ROUTE_MISMATCH');
  }, 120_000);
});
