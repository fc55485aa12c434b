import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { routingActions } from '../api/adapters';
import { createRoutingClient } from '../api/client';
import type { ApiDialect } from '../api/dialect';
import { createRpcReader } from '../chains/rpcReader';
import { TransactionGuardError } from '../checks/errors';
import { createSimulator, type Simulator } from '../checks/simulation/simulateBeforeSigning';
import { formatAmount } from '../format/amount';
import type { TransferChoice } from '../model/choice';
import { previewTransfer } from './previewTransfer';

/**
 * The review's preview against the devnet in both dialects, with the devnet's RPC as the trusted one: an honest
 * transfer answers the simulated balance changes (the approval it needs simulated with it, nothing signed), one beyond
 * the balance is refused in the person's words, and an RPC that cannot simulate leaves a plain bridge call "not
 * simulated" with the reason.
 */

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;

let devnet: Devnet;
const servers = new Map<ApiDialect, RunningServer>();
let trusted: Simulator;
const rpc = createRpcReader();

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1, 42161], solana: false, timeFactor: 0.002 });
  for (const dialect of ['spec', 'lifi'] as const) {
    servers.set(
      dialect,
      await startServer({ port: 0, devnet, dialect, logLevel: 'silent', rateLimit: { disabled: true } }),
    );
  }
  trusted = createSimulator({ rpcUrl: (chainId) => rpcUrl(chainId) });
}, 180_000);
afterAll(async () => {
  for (const server of servers.values()) await server.close();
  await devnet?.stop();
});

const rpcUrl = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl;

async function preview(dialect: ApiDialect, fromAmount: bigint, simulator = trusted) {
  const account = devAccount(3).address;
  const client = createRoutingClient({ baseUrl: servers.get(dialect)!.url, dialect, retry: { attempts: 1 } });
  const actions = routingActions(dialect);
  const { routes } = await actions.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: USDC_ETH,
    toChainId: 42161,
    toTokenAddress: USDC_ARB,
    fromAmount: fromAmount.toString(),
    fromAddress: account,
    toAddress: account,
    options: { slippage: 0.005, order: 'OUTPUT' },
  });
  const choice: TransferChoice = {
    fromChainId: 1,
    toChainId: 42161,
    fromToken: USDC_ETH,
    toToken: USDC_ARB,
    fromAmount,
    fromAddress: account,
    slippage: 0.005,
  };
  const asked: string[] = [];
  const report = previewTransfer(
    { choice, route: routes[0]!, account, recipient: account },
    {
      getStepTransaction: async (data) => {
        asked.push(data.step.id);
        return actions.getStepTransaction(client, data);
      },
      simulator,
      readAllowance: async (chainId, token, owner, spender) =>
        (await rpc.readAllowance(rpcUrl(chainId)!, token, owner, spender)).allowance,
    },
  );
  return { report, asked, account };
}

describe('previewTransfer', () => {
  it.each(['spec', 'lifi'] as const)('answers the simulated balance changes in the %s dialect', async (dialect) => {
    const amount = 100_000_000n;
    const { report, asked } = await preview(dialect, amount);
    expect(await report).toEqual({ simulated: true, changes: [{ token: USDC_ETH.toLowerCase(), amount: -amount }] });
    expect(asked).toHaveLength(1);
  });

  it.each(['spec', 'lifi'] as const)('refuses an amount beyond the balance in words (%s)', async (dialect) => {
    const { balances } = await rpc.readBalances(rpcUrl(1)!, devAccount(3).address, [USDC_ETH]);
    const held = [...balances.values()][0]!;
    const { report } = await preview(dialect, held + 1_000_000_000n);
    const error = await report.then(
      () => undefined,
      (err: unknown) => err as TransactionGuardError,
    );
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_INSUFFICIENT_BALANCE');
    expect(error?.shortMessage).toBe(
      `You hold ${formatAmount(held, 6)} USDC; this would send ${formatAmount(held + 1_000_000_000n, 6)}. Nothing was sent.`,
    );
  });

  it('says why a plain bridge call is not simulated where the trusted RPC cannot simulate', async () => {
    const { report } = await preview('spec', 5_000_000n, createSimulator({ rpcUrl: () => undefined }));
    expect(await report).toEqual({
      simulated: false,
      reason: 'The extension trusts no RPC on chain 1, so nothing can be simulated there.',
    });
  });
});
