import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { anvilTabWallet } from '../../testing/wallet/anvilTabWallet';
import { swapPaysAttacker as attack1 } from '../../testing/wallet/swapPaysAttacker';
import { routingActions } from '../api/adapters';
import { createRoutingClient } from '../api/client';
import type { ApiDialect } from '../api/dialect';
import { TransactionGuardError } from '../checks/errors';
import { checkStepTransaction } from '../checks/guards';
import {
  createSimulator,
  type SimulationReport,
  type Simulator,
  simulateBeforeSigning,
} from '../checks/simulation/simulateBeforeSigning';
import { encodeApprove, encodeBalanceOf } from '../contracts/erc20';
import { LIFI_DIAMOND_ADDRESS } from '../contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../contracts/router';
import { formatAmount } from '../format/amount';
import type { TransferChoice } from '../model/choice';
import type { Chain } from '../schemas/catalog';
import type { Route, StepTransactionResponse } from '../schemas/route';
import { WalletSession } from '../wallet/session';
import { executeTransfer } from './executeTransfer';
import { routeToStep } from './routeStep';

/**
 * The signing flow (executeTransfer) against the devnet in both dialects, with a wallet that really sends on anvil
 * and the simulation through the devnet's RPC as the trusted one: honest transfers pass simulated; issue 30's
 * attack 1 (a swap paying someone else behind BridgeData that looks right) and a transfer beyond the balance are
 * refused before the wallet is asked for anything.
 */

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;
const NATIVE = '0x0000000000000000000000000000000000000000' as const;
const LINK_ETH = '0x514910771AF9Ca656af840dff83E8264EcF986CA' as const;
const ATTACKER = '0x000000000000000000000000000000000000dEaD' as const;

let devnet: Devnet;
const servers = new Map<ApiDialect, RunningServer>();
let chain1: Chain;
let trusted: Simulator;

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1, 42161], solana: false, timeFactor: 0.002 });
  for (const dialect of ['spec', 'lifi'] as const) {
    servers.set(
      dialect,
      await startServer({ port: 0, devnet, dialect, logLevel: 'silent', rateLimit: { disabled: true } }),
    );
  }
  const spec = servers.get('spec')!;
  chain1 = (await routingActions('spec').getChains(createRoutingClient({ baseUrl: spec.url }), {})).find(
    (c) => Number(c.id) === 1,
  )!;
  trusted = createSimulator({ rpcUrl: (chainId) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl });
}, 180_000);
afterAll(async () => {
  for (const server of servers.values()) await server.close();
  await devnet?.stop();
});

const rpcUrl = () => devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;

type Run = {
  dialect: ApiDialect;
  /** Dev account index: each test spends from its own, so balances and allowances do not carry over. */
  accountIndex: number;
  fromToken: `0x${string}`;
  fromAmount: bigint;
  toToken?: `0x${string}`;
  /** Arbitrum unless given (1 for a same-chain swap). */
  toChainId?: number;
  tamperRoute?(route: Route): Route;
  tamperStep?(step: StepTransactionResponse): StepTransactionResponse;
  simulator?: Simulator;
};

async function run(options: Run) {
  const account = devAccount(options.accountIndex).address;
  const dialect = options.dialect;
  const client = createRoutingClient({ baseUrl: servers.get(dialect)!.url, dialect, retry: { attempts: 1 } });
  const actions = routingActions(dialect);
  const toToken = options.toToken ?? USDC_ARB;
  const toChainId = options.toChainId ?? 42161;
  const { routes } = await actions.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: options.fromToken,
    toChainId,
    toTokenAddress: toToken,
    fromAmount: options.fromAmount.toString(),
    fromAddress: account,
    toAddress: account,
    // Attack 1 rewrites AcrossFacetV4's swap (the twin offers other bridges' facets too).
    options: { slippage: 0.005, order: 'OUTPUT', ...(options.tamperStep ? { bridges: { allow: ['across'] } } : {}) },
  });
  expect(routes.length).toBeGreaterThan(0);
  const honest = routes[0]!;
  const route = options.tamperRoute ? options.tamperRoute(structuredClone(honest)) : honest;
  const choice: TransferChoice = {
    fromChainId: 1,
    toChainId,
    fromToken: options.fromToken,
    toToken,
    fromAmount: options.fromAmount,
    fromAddress: account,
    slippage: 0.005,
  };
  const wallet = anvilTabWallet({ rpcUrl: rpcUrl(), account, chainId: 1 });
  const reports: SimulationReport[] = [];
  const steps: StepTransactionResponse[] = [];
  let error: (Error & { code?: unknown; shortMessage?: string }) | undefined;
  let result: Awaited<ReturnType<typeof executeTransfer>> | undefined;
  try {
    result = await executeTransfer(
      {
        session: new WalletSession(wallet.tab, 'anvil'),
        choice,
        route,
        fromChain: chain1,
        account,
        recipient: account,
        onStage: () => undefined,
        // Earlier tests move the pools and bridge liquidity: a re-quote may be a little worse, and is accepted.
        confirmNewRate: async () => true,
        onSubmitted: () => undefined,
        onSimulated: (report) => reports.push(report),
      },
      {
        getStepTransaction: async (data) => {
          const step = await actions.getStepTransaction(client, data);
          const sent = options.tamperStep ? options.tamperStep(step) : step;
          steps.push(sent);
          return sent;
        },
        trackTransfer: async (input) =>
          ({ ...input, createdAt: 0, updatedAt: 0, status: 'SUBMITTED' }) as unknown as Awaited<
            ReturnType<Parameters<typeof executeTransfer>[1]['trackTransfer']>
          >,
        simulator: options.simulator ?? trusted,
      },
    );
  } catch (err) {
    error = err as typeof error;
  }
  return { error, result, reports, steps, sends: wallet.sends(), account, honest, choice };
}

/** Receipt of a sent transaction, read from anvil once mined (the devnet's chains may mine a moment later). */
async function receipt(hash: unknown): Promise<{ status: string }> {
  for (let tries = 0; tries < 100; tries++) {
    const found = (await rpc('eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no receipt for ${String(hash)}`);
}

describe('honest transfers are simulated and go ahead', () => {
  it.each(['spec', 'lifi'] as const)('USDC to Arbitrum in the %s dialect', async (dialect) => {
    const amount = 25_000_000n;
    const { error, result, reports, sends, account } = await run({
      dialect,
      accountIndex: dialect === 'spec' ? 1 : 2,
      fromToken: USDC_ETH,
      fromAmount: amount,
    });
    expect(error).toBeUndefined();
    // The approval and the step together first, then the step alone once the approval is on chain.
    expect(reports).toEqual([
      { simulated: true, changes: [{ token: USDC_ETH.toLowerCase(), amount: -amount }] },
      { simulated: true, changes: [{ token: USDC_ETH.toLowerCase(), amount: -amount }] },
    ]);
    expect(result?.simulation).toEqual(reports[1]);
    expect(sends).toHaveLength(2);
    const step = sends[1]!.params![0] as { to: string; from: string };
    expect(step.to.toLowerCase()).toBe((dialect === 'lifi' ? LIFI_DIAMOND_ADDRESS : ROUTER_ADDRESS).toLowerCase());
    expect(step.from).toBe(account);
    expect((await receipt(result?.txHash)).status).toBe('0x1');
  });

  it.each(['spec', 'lifi'] as const)('ETH to Arbitrum in the %s dialect, without an approval', async (dialect) => {
    const amount = 5n * 10n ** 17n;
    const { error, result, reports, sends } = await run({
      dialect,
      accountIndex: dialect === 'spec' ? 1 : 2,
      fromToken: NATIVE,
      toToken: NATIVE,
      fromAmount: amount,
    });
    expect(error).toBeUndefined();
    // traceTransfers shows the value leaving as the native coin; the fee is not a transfer.
    expect(reports).toEqual([{ simulated: true, changes: [{ token: NATIVE, amount: -amount }] }]);
    expect(sends).toHaveLength(1);
    expect((await receipt(result?.txHash)).status).toBe('0x1');
  });

  it.each(['spec', 'lifi'] as const)('a same-chain swap of USDC to LINK in the %s dialect', async (dialect) => {
    const amount = 20_000_000n;
    const { error, result, reports } = await run({
      dialect,
      accountIndex: dialect === 'spec' ? 1 : 2,
      fromToken: USDC_ETH,
      toToken: LINK_ETH,
      toChainId: 1,
      fromAmount: amount,
    });
    expect(error).toBeUndefined();
    const last = reports.at(-1);
    if (!last?.simulated) throw new Error('not simulated');
    expect(last.changes[0]).toEqual({ token: USDC_ETH.toLowerCase(), amount: -amount });
    expect(last.changes[1]?.token).toBe(LINK_ETH.toLowerCase());
    expect(last.changes[1]!.amount).toBeGreaterThan(0n);
    expect((await receipt(result?.txHash)).status).toBe('0x1');
  });

  it('LINK swapped to USDC before the bridge in the spec dialect', async () => {
    const { error, result, reports, honest } = await run({
      dialect: 'spec',
      accountIndex: 3,
      fromToken: LINK_ETH,
      fromAmount: 5n * 10n ** 18n,
    });
    expect(honest.includedSteps?.[0]?.type).toBe('swap');
    expect(error).toBeUndefined();
    expect(reports.map((r) => r.simulated)).toEqual([true, true]);
    expect((await receipt(result?.txHash)).status).toBe('0x1');
  });

  // The twin once floored its output multiplier, so the call guaranteed one unit less than the shown minimum and the
  // guard refused an honest route: the whole flow, guard and both simulations, must pass.
  it('LINK swapped to USDC before the bridge in the lifi dialect', async () => {
    const { error, result, reports, honest } = await run({
      dialect: 'lifi',
      accountIndex: 4,
      fromToken: LINK_ETH,
      fromAmount: 5n * 10n ** 18n,
    });
    expect(honest.includedSteps?.[0]?.type).toBe('swap');
    expect(error).toBeUndefined();
    expect(reports.map((r) => r.simulated)).toEqual([true, true]);
    expect((await receipt(result?.txHash)).status).toBe('0x1');
  });
});

/** Issue 30's attack 1 on the step's calldata (testing/wallet/swapPaysAttacker.ts). */
const swapPaysAttacker = (step: StepTransactionResponse): StepTransactionResponse => ({
  ...step,
  transactionRequest: {
    ...step.transactionRequest,
    data: attack1(step.transactionRequest.data as Hex, ATTACKER),
  },
});

describe('issue 30, attack 1: a source swap paid someone else', () => {
  it('passes the calldata guard, and is refused by simulation before the wallet is asked anything (lifi dialect)', async () => {
    const { error, sends, steps, choice, account } = await run({
      dialect: 'lifi',
      accountIndex: 5,
      fromToken: LINK_ETH,
      fromAmount: 5n * 10n ** 18n,
      tamperStep: swapPaysAttacker,
    });
    // The guard alone would have let it through: every field it reads is the person's choice.
    const tx = steps[0]!.transactionRequest;
    const guarded = checkStepTransaction(tx, {
      fromChainId: 1,
      toChainId: 42161,
      fromToken: choice.fromToken,
      toToken: choice.toToken,
      fromAmount: choice.fromAmount,
      account,
      recipient: account,
      toAmountMin: 1n,
      target: LIFI_DIAMOND_ADDRESS,
    });
    expect(guarded).toEqual({ ok: true });
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_PAID_ELSEWHERE');
    expect(error?.shortMessage).toContain(ATTACKER.toLowerCase());
    // Not even the approval was asked for.
    expect(sends).toEqual([]);
  });

  it('is refused the same way when a spec-dialect service names the diamond, a router pinned on the chain', async () => {
    const amount = 5n * 10n ** 18n;
    const data = await lifiAttackData(devAccount(6).address, LINK_ETH, amount);
    const { error, sends } = await run({
      dialect: 'spec',
      accountIndex: 6,
      fromToken: LINK_ETH,
      fromAmount: amount,
      tamperRoute: (route) => {
        route.estimate.approvalAddress = LIFI_DIAMOND_ADDRESS;
        return route;
      },
      tamperStep: (step) => ({
        ...step,
        transactionRequest: { ...step.transactionRequest, to: LIFI_DIAMOND_ADDRESS, data },
      }),
    });
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_PAID_ELSEWHERE');
    expect(sends).toEqual([]);
  });
});

/** Attack 1's calldata for `account`, built from the LI.FI twin's honest step for the same transfer. */
async function lifiStep(account: `0x${string}`, fromToken: `0x${string}`, fromAmount: bigint) {
  const client = createRoutingClient({ baseUrl: servers.get('lifi')!.url, dialect: 'lifi', retry: { attempts: 1 } });
  const actions = routingActions('lifi');
  const { routes } = await actions.getRoutes(client, {
    fromChainId: 1,
    fromTokenAddress: fromToken,
    toChainId: 42161,
    toTokenAddress: USDC_ARB,
    fromAmount: fromAmount.toString(),
    fromAddress: account,
    toAddress: account,
    // Attack 1 rewrites AcrossFacetV4's swap (the twin offers other bridges' facets too).
    options: { slippage: 0.005, order: 'OUTPUT', bridges: { allow: ['across'] } },
  });
  const step = await actions.getStepTransaction(client, {
    step: routeToStep(routes[0]!, account, account),
    senderAddress: account,
    recipientAddress: account,
  });
  return { step, route: routes[0]! };
}

async function lifiAttackData(account: `0x${string}`, fromToken: `0x${string}`, fromAmount: bigint): Promise<Hex> {
  return swapPaysAttacker((await lifiStep(account, fromToken, fromAmount)).step).transactionRequest.data as Hex;
}

describe('a transfer beyond the balance', () => {
  it('is said in the person’s words before the wallet is asked, and no approval is left open', async () => {
    const account = devAccount(7).address;
    const held = await usdcBalance(account);
    const { error, sends } = await run({
      dialect: 'lifi',
      accountIndex: 7,
      fromToken: USDC_ETH,
      fromAmount: held + 1_000_000_000n,
    });
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_INSUFFICIENT_BALANCE');
    expect(error?.shortMessage).toBe(
      `You hold ${formatAmount(held, 6)} USDC; this would send ${formatAmount(held + 1_000_000_000n, 6)}. Nothing was sent.`,
    );
    expect(sends).toEqual([]);
  });
});

describe('where the trusted RPC cannot simulate', () => {
  const noTrustedRpc = createSimulator({ rpcUrl: () => undefined });

  it('a plain bridge call goes ahead, reported as not simulated', async () => {
    const { error, result, reports } = await run({
      dialect: 'spec',
      accountIndex: 1,
      fromToken: USDC_ETH,
      fromAmount: 3_000_000n,
      simulator: noTrustedRpc,
    });
    expect(error).toBeUndefined();
    expect(reports.every((r) => !r.simulated)).toBe(true);
    expect(result?.simulation).toEqual({
      simulated: false,
      reason: 'The extension trusts no RPC on chain 1, so nothing can be simulated there.',
    });
    // The record carries it, for Activity to say the transfer went ahead not simulated.
    expect(result?.notSimulated).toBe('The extension trusts no RPC on chain 1, so nothing can be simulated there.');
  });

  it('a plain native-coin bridge call goes ahead too, reported as not simulated (lifi dialect)', async () => {
    const { error, result } = await run({
      dialect: 'lifi',
      accountIndex: 3,
      fromToken: NATIVE,
      toToken: NATIVE,
      fromAmount: 10n ** 17n,
      simulator: noTrustedRpc,
    });
    expect(error).toBeUndefined();
    expect(result?.simulation.simulated).toBe(false);
  });

  it('a call with a swap inside is refused with the reason (spec dialect, an honest swap before the bridge)', async () => {
    const { error, sends } = await run({
      dialect: 'spec',
      accountIndex: 2,
      fromToken: LINK_ETH,
      fromAmount: 10n ** 18n,
      simulator: noTrustedRpc,
    });
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_UNAVAILABLE');
    expect(error?.shortMessage).toContain('swaps inside');
    expect(sends).toEqual([]);
  });

  it('attack 1 is refused too, because its swaps cannot be read from calldata alone (lifi dialect)', async () => {
    const { error, sends } = await run({
      dialect: 'lifi',
      accountIndex: 5,
      fromToken: LINK_ETH,
      fromAmount: 5n * 10n ** 18n,
      tamperStep: swapPaysAttacker,
      simulator: noTrustedRpc,
    });
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_UNAVAILABLE');
    expect(sends).toEqual([]);
  });
});

describe('the simulation catches a tampered amount or recipient on its own', () => {
  /** The spec dialect's honest router call for 10 USDC, and the expectation the signing flow would build. */
  async function honestCall(accountIndex: number) {
    const account = devAccount(accountIndex).address;
    const client = createRoutingClient({ baseUrl: servers.get('spec')!.url, retry: { attempts: 1 } });
    const actions = routingActions('spec');
    const amount = 10_000_000n;
    const { routes } = await actions.getRoutes(client, {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: 42161,
      toTokenAddress: USDC_ARB,
      fromAmount: amount.toString(),
      fromAddress: account,
      toAddress: account,
      options: { slippage: 0.005, order: 'OUTPUT' },
    });
    const step = await actions.getStepTransaction(client, {
      step: routeToStep(routes[0]!, account, account),
      senderAddress: account,
      recipientAddress: account,
    });
    const decoded = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest.data as Hex });
    if (decoded.functionName !== 'startBridge') throw new Error(decoded.functionName);
    const simulate = (params: (typeof decoded.args)[0]) =>
      simulateBeforeSigning(trusted, {
        swapsInside: false,
        transactions: [
          { kind: 'approval', to: USDC_ETH, data: encodeApprove(ROUTER_ADDRESS, amount), value: 0n },
          {
            kind: 'step',
            to: ROUTER_ADDRESS,
            data: encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [params] }),
            value: 0n,
          },
        ],
        expected: {
          chainId: 1,
          account,
          fromToken: USDC_ETH,
          fromAmount: amount,
          toChainId: 42161,
          recipient: account,
          toToken: USDC_ARB,
          toAmountMin: BigInt(step.estimate.toAmountMin),
          routers: [ROUTER_ADDRESS, LIFI_DIAMOND_ADDRESS],
          spender: ROUTER_ADDRESS,
          fromLabel: { symbol: 'USDC', decimals: 6 },
        },
      });
    return { params: decoded.args[0], simulate };
  }

  it('the honest call passes', async () => {
    const { params, simulate } = await honestCall(1);
    expect((await simulate(params)).simulated).toBe(true);
  });

  it('a deposit paying another recipient is refused', async () => {
    const { params, simulate } = await honestCall(1);
    const error = await simulate({ ...params, recipient: ATTACKER }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect((error as TransactionGuardError).code).toBe('SIM_DEPOSIT_MISMATCH');
  });

  it('a call taking less than the approved amount, which would leave the rest approved, is refused', async () => {
    const { params, simulate } = await honestCall(1);
    const error = await simulate({ ...params, amountIn: params.amountIn / 2n, minBridgeAmount: 1n }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect((error as TransactionGuardError).code).toBe('SIM_AMOUNT');
    expect((error as TransactionGuardError).shortMessage).toContain(
      'shows 5 USDC leaving your account, not the 10 USDC',
    );
  });

  it('a deposit promising less than the floor is refused', async () => {
    const { params, simulate } = await honestCall(1);
    const error = await simulate({ ...params, minDstAmount: 1n, dstAmount: 1n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect((error as TransactionGuardError).code).toBe('SIM_MINIMUM');
  });
});

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

async function usdcBalance(account: `0x${string}`): Promise<bigint> {
  const response = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: USDC_ETH, data: encodeBalanceOf(account) }, 'latest'],
    }),
  });
  return BigInt(((await response.json()) as { result: string }).result);
}
