import type { Page } from 'playwright';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { type RunningServer, startServer } from '../server/app';
import { createRoutingClient, type RoutingClient } from '../src/api/client';
import { getChains } from '../src/api/getChains';
import { getRoutes } from '../src/api/getRoutes';
import { getStepTransaction } from '../src/api/getStepTransaction';
import { createSimulator } from '../src/checks/simulation/simulateBeforeSigning';
import { ROUTER_ADDRESS, routerAbi } from '../src/contracts/router';
import type { SentTransfer, TransferInput } from '../src/model/transfer';
import type { Chain } from '../src/schemas/catalog';
import type { Route } from '../src/schemas/route';
import { executeTransfer } from '../src/signing/executeTransfer';
import { WalletSession } from '../src/wallet/session';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { devWalletSends } from './harness/devWalletSends';
import { expectPlainWords } from './harness/extensionMessages';
import { type FaultProxy, startFaultProxy } from './harness/faultProxy';
import { recordingWallet } from './harness/recordingWallet';
import { JourneyPopup } from './pages/journeyPopup';

/**
 * A compromised routing service ("malicious-service mode": the proxy rewrites its answers) against the popup's own
 * signing flow (src/signing/executeTransfer.ts + guards), in node over real HTTP with a recording EIP-1193 wallet.
 * The step attacks driven through the real popup and the Dev Wallet are in e2e/popupAttacks.test.ts (popup
 * engineer's); this file adds the native-coin, approval and route-level cases (the last describe drives two of them
 * through the popup too), and checks each refusal happens before the wallet is asked for anything that signs.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const ZERO = '0x0000000000000000000000000000000000000000';
const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const STEP = '/v1/advanced/stepTransaction';
const ROUTES = '/v1/advanced/routes';

type Tx = { from: string; to: string; chainId: string | number; data: Hex; value: string };
type StepBody = { transactionRequest: Tx; estimate: Record<string, unknown> };
type BridgeParams = Extract<
  ReturnType<typeof decodeFunctionData<typeof routerAbi>>,
  { functionName: 'startBridge' }
>['args'][0];

const withTx =
  (tx: Partial<Tx>) =>
  (step: StepBody): StepBody => ({
    ...step,
    transactionRequest: { ...step.transactionRequest, ...tx },
  });
const withParams =
  (change: (p: BridgeParams) => BridgeParams) =>
  (step: StepBody): StepBody => {
    const decoded = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest.data });
    if (decoded.functionName !== 'startBridge') throw new Error(`expected startBridge, got ${decoded.functionName}`);
    const data = encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [change(decoded.args[0])] });
    return withTx({ data })(step);
  };

describe('the signing flow refuses a malicious service before the wallet signs anything', () => {
  let service: RunningServer;
  let proxy: FaultProxy;
  let client: RoutingClient;
  let ethereum: Chain;

  beforeAll(async () => {
    service = await startServer({ rateLimit: { disabled: true }, logLevel: 'silent' });
    proxy = await startFaultProxy(service.url);
    client = createRoutingClient({ baseUrl: proxy.url, retry: { attempts: 1 } });
    ethereum = (await getChains(client)).find((c) => c.id === 1)!;
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.close();
  });

  async function routeFor(fromToken: string, toToken: string, fromAmount: bigint, recipient = ACCOUNT): Promise<Route> {
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      fromTokenAddress: fromToken,
      toChainId: 42161,
      toTokenAddress: toToken,
      fromAmount,
      fromAddress: ACCOUNT,
      toAddress: recipient,
      options: { slippage: 0.005, maxRoutes: 1 },
    });
    expect(routes.length).toBeGreaterThan(0);
    return routes[0]!;
  }

  /** Runs the popup's flow; returns the error (if any), what the wallet was asked, and what was tracked. */
  async function execute(route: Route, options: { allowance?: bigint; recipient?: `0x${string}` } = {}) {
    const wallet = recordingWallet({ account: ACCOUNT, chainId: 1, allowance: options.allowance ?? 2n ** 255n });
    const tracked: TransferInput[] = [];
    const rateQuestions: [bigint, bigint][] = [];
    let error: (Error & { shortMessage?: string; code?: unknown }) | undefined;
    try {
      await executeTransfer(
        {
          session: new WalletSession(wallet.tab, 'recording'),
          // What the person typed: the request routeFor asked with (its route's action, before any tampering).
          choice: {
            fromChainId: Number(route.action!.fromChainId),
            toChainId: Number(route.action!.toChainId),
            fromToken: route.action!.fromToken.address as `0x${string}`,
            toToken: route.action!.toToken.address as `0x${string}`,
            fromAmount: BigInt(route.action!.fromAmount),
            slippage: 0.005,
          },
          route,
          fromChain: ethereum,
          account: ACCOUNT,
          recipient: options.recipient ?? ACCOUNT,
          onStage: () => undefined,
          confirmNewRate: async (previous, next) => {
            rateQuestions.push([previous, next]);
            return false;
          },
          onSubmitted: () => undefined,
        },
        {
          getStepTransaction: (data) => getStepTransaction(client, data),
          // No chain runs here (the service quotes from its catalog): no trusted RPC, so nothing is simulated and the
          // guards alone refuse; src/signing/executeTransfer.devnet.test.ts runs the simulation on the devnet.
          simulator: createSimulator({ rpcUrl: () => undefined }),
          trackTransfer: async (input) => {
            tracked.push(input);
            return {
              ...input,
              createdAt: 0,
              updatedAt: 0,
              status: 'SUBMITTED',
              sentCheck: { state: 'pending', attempts: 0 },
              final: false,
              checks: 0,
              consecutiveErrors: 0,
            } satisfies SentTransfer;
          },
        },
      );
    } catch (err) {
      error = err as typeof error;
    }
    return { error, sends: wallet.sends(), requests: wallet.requests, tracked, rateQuestions };
  }

  const tamperStep = (tamper: (step: StepBody) => StepBody) =>
    proxy.script(STEP, [], { kind: 'rewrite', rewrite: (body) => tamper(body as StepBody) });

  it('sends exactly one transaction to the router when nothing is tampered (control)', async () => {
    proxy.reset();
    const route = await routeFor(USDC_ETH, USDC_ARB, 25_000_000n);
    const result = await execute(route);
    expect(result.error).toBeUndefined();
    expect(result.sends).toHaveLength(1);
    const [tx] = result.sends[0]!.params as { from: string; to: string; value: string }[];
    expect(tx!.to.toLowerCase()).toBe(ROUTER_ADDRESS.toLowerCase());
    expect(tx!.from).toBe(ACCOUNT);
    expect(BigInt(tx!.value)).toBe(0n);
    expect(result.tracked).toHaveLength(1);
  });

  const erc20Attacks: { name: string; tamper(step: StepBody): StepBody; reason: RegExp; code: string }[] = [
    {
      name: 'targets another chain',
      tamper: withTx({ chainId: '42161' }),
      reason: /chain 42161/,
      code: 'CHAIN_MISMATCH',
    },
    {
      name: 'sends from another account',
      tamper: withTx({ from: ATTACKER }),
      reason: /sent from/,
      code: 'FROM_MISMATCH',
    },
    {
      name: 'calls the attacker',
      tamper: withTx({ to: ATTACKER }),
      reason: /not the contract the route named/,
      code: 'UNKNOWN_TARGET',
    },
    {
      name: 'calls the token itself',
      tamper: withTx({ to: USDC_ETH }),
      reason: /not the contract/,
      code: 'UNKNOWN_TARGET',
    },
    {
      name: 'adds native value to a token transfer',
      tamper: withTx({ value: '1' }),
      reason: /native coin/,
      code: 'VALUE_MISMATCH',
    },
    { name: 'sends empty calldata', tamper: withTx({ data: '0x' }), reason: /no call data/, code: 'EMPTY_CALLDATA' },
    {
      name: 'sends undecodable calldata',
      tamper: withTx({ data: '0xdeadbeef' }),
      reason: /./,
      code: 'UNDECODABLE_CALLDATA',
    },
    {
      name: 'pays another recipient',
      tamper: withParams((p) => ({ ...p, recipient: ATTACKER })),
      reason: /0x0+dEaD/i,
      code: 'RECIPIENT_MISMATCH',
    },
    {
      name: 'lowers the minimum in calldata only',
      tamper: withParams((p) => ({ ...p, minDstAmount: 1n })),
      reason: /minimum/,
      code: 'MINIMUM_TOO_LOW',
    },
    {
      name: 'spends more',
      tamper: withParams((p) => ({ ...p, amountIn: p.amountIn * 2n })),
      reason: /spends/,
      code: 'AMOUNT_MISMATCH',
    },
    {
      name: 'bridges to another chain',
      tamper: withParams((p) => ({ ...p, dstChainId: 10n })),
      reason: /chain 10/,
      code: 'DESTINATION_MISMATCH',
    },
    {
      name: 'delivers another token',
      tamper: withParams((p) => ({ ...p, dstToken: ATTACKER })),
      reason: /./,
      code: 'TOKEN_MISMATCH',
    },
  ];

  it.each(erc20Attacks)('refuses a step transaction that $name', async ({ tamper, reason, code }) => {
    const route = await routeFor(USDC_ETH, USDC_ARB, 30_000_000n);
    tamperStep(tamper);
    const result = await execute(route);
    proxy.reset();
    expect(result.error?.name).toBe('TransactionGuardError');
    expect(result.error?.code).toBe(code);
    expect(result.error?.message).toMatch(/^Blocked for your safety: /);
    expect(result.error?.message).toMatch(reason);
    expect(expectPlainWords(result.error?.message ?? '')).toEqual([]);
    // Refused before the wallet was asked to sign anything, and nothing tracked.
    expect(result.sends).toEqual([]);
    expect(result.tracked).toEqual([]);
  });

  it('asks before accepting a lower minimum in the answer, and sends nothing when declined', async () => {
    const route = await routeFor(USDC_ETH, USDC_ARB, 40_000_000n);
    tamperStep((step) => {
      const lower = (BigInt(String(step.estimate.toAmountMin)) * 90n) / 100n;
      return withParams((p) => ({ ...p, minDstAmount: lower }))({
        ...step,
        estimate: { ...step.estimate, toAmountMin: lower.toString() },
      });
    });
    const result = await execute(route);
    proxy.reset();
    expect(result.rateQuestions).toHaveLength(1);
    expect(result.error?.message).toMatch(/rate got worse/);
    expect(result.sends).toEqual([]);
  });

  it('sends to another recipient only when the person chose it', async () => {
    const route = await routeFor(USDC_ETH, USDC_ARB, 20_000_000n, FRIEND);
    const chosen = await execute(route, { recipient: FRIEND });
    expect(chosen.error).toBeUndefined();
    expect(chosen.sends).toHaveLength(1);
    // The service swaps the friend for the attacker: refused.
    tamperStep(withParams((p) => ({ ...p, recipient: ATTACKER })));
    const swapped = await execute(route, { recipient: FRIEND });
    proxy.reset();
    expect(swapped.error?.name).toBe('TransactionGuardError');
    expect(swapped.sends).toEqual([]);
  });

  it('approves exactly the amount, never unlimited, and only the known router', async () => {
    const route = await routeFor(USDC_ETH, USDC_ARB, 50_000_000n);
    const honest = await execute(route, { allowance: 0n });
    expect(honest.error).toBeUndefined();
    const [approval, bridge] = honest.sends.map((s) => (s.params as { to: string; data: string }[])[0]!);
    expect(approval!.to).toBe(USDC_ETH);
    expect(approval!.data.slice(0, 10)).toBe('0x095ea7b3');
    expect(`0x${approval!.data.slice(34, 74)}`.toLowerCase()).toBe(ROUTER_ADDRESS.toLowerCase());
    expect(BigInt(`0x${approval!.data.slice(74)}`)).toBe(50_000_000n);
    expect(bridge!.to.toLowerCase()).toBe(ROUTER_ADDRESS.toLowerCase());

    // The service names the attacker as the spender to approve: refused before any approval is sent.
    proxy.script(ROUTES, [], {
      kind: 'rewrite',
      rewrite: (body) => {
        const answer = body as { routes: { estimate: Record<string, unknown> }[] };
        return {
          ...answer,
          routes: answer.routes.map((r) => ({ ...r, estimate: { ...r.estimate, approvalAddress: ATTACKER } })),
        };
      },
    });
    const tampered = await routeFor(USDC_ETH, USDC_ARB, 50_000_001n);
    proxy.reset();
    const result = await execute(tampered, { allowance: 0n });
    expect(result.error?.name).toBe('TransactionGuardError');
    expect(result.error?.message).toMatch(/unknown contract/);
    expect(result.sends).toEqual([]);
  });

  describe('native coin source', () => {
    it('sends the exact amount as value (control)', async () => {
      const route = await routeFor(ZERO, ZERO, 10n ** 17n);
      const result = await execute(route);
      expect(result.error).toBeUndefined();
      expect(result.sends).toHaveLength(1);
      const [tx] = result.sends[0]!.params as { value: string }[];
      expect(BigInt(tx!.value)).toBe(10n ** 17n);
      // No allowance read or approval for the native coin.
      expect(result.requests.filter((r) => r.method === 'eth_call')).toEqual([]);
    });

    it.each([
      ['more value than the amount', (v: bigint) => v * 10n],
      ['less value than the amount', (v: bigint) => v - 1n],
      ['no value at all', () => 0n],
    ])('refuses a step transaction with %s', async (_name, change) => {
      const route = await routeFor(ZERO, ZERO, 2n * 10n ** 17n);
      tamperStep((step) => withTx({ value: change(BigInt(step.transactionRequest.value)).toString() })(step));
      const result = await execute(route);
      proxy.reset();
      expect(result.error?.name).toBe('TransactionGuardError');
      expect(result.error?.message).toMatch(/native coin/);
      expect(result.sends).toEqual([]);
    });
  });
});

/**
 * The cases e2e/popupAttacks.test.ts does not drive through the real popup: a native-coin source and an approval
 * spender swapped in the routes answer. The Dev Wallet on a loopback dapp page records every request it gets.
 */
describe('the popup refuses them too, with the Dev Wallet on the devnet', () => {
  let env: DevnetDapp;
  let proxy: FaultProxy;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({
      chainIds: [1, 42161],
      walletChainId: 1,
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startFaultProxy(serviceUrl);
        return proxy.url;
      },
    });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
    await proxy?.close();
  });

  const walletSends = () => devWalletSends(dappPage);

  async function refusedInPopup(t: { from: [string, string]; to: [string, string]; amount: string }) {
    const sendsBefore = await walletSends();
    const popup = await JourneyPopup.open(browser.context, browser.extensionId, tabId);
    await popup.connect();
    await popup.fill(t);
    const message = await popup.trySendExpectingError();
    await popup.page.close();
    return { message, sent: (await walletSends()) - sendsBefore };
  }

  it('refuses a native-coin step whose value is not the amount, asking the wallet nothing', async () => {
    proxy.script(STEP, [], {
      kind: 'rewrite',
      rewrite: (body) =>
        withTx({ value: (BigInt((body as StepBody).transactionRequest.value) * 10n).toString() })(body as StepBody),
    });
    const { message, sent } = await refusedInPopup({
      from: ['Ethereum', 'ETH'],
      to: ['Arbitrum', 'ETH'],
      amount: '0.3',
    });
    proxy.reset();
    expect(message).toMatch(/^Blocked for your safety: .*native coin/);
    expect(sent).toBe(0);
  }, 90_000);

  it('refuses to approve a spender the service swapped in, before any approval', async () => {
    proxy.script(ROUTES, [], {
      kind: 'rewrite',
      rewrite: (body) => {
        const answer = body as { routes: { estimate: Record<string, unknown> }[] };
        return {
          ...answer,
          routes: answer.routes.map((r) => ({ ...r, estimate: { ...r.estimate, approvalAddress: ATTACKER } })),
        };
      },
    });
    // An amount never approved before, so an approval is needed.
    const { message, sent } = await refusedInPopup({
      from: ['Ethereum', 'USDC'],
      to: ['Arbitrum', 'USDC'],
      amount: '77',
    });
    proxy.reset();
    expect(message).toMatch(/^Blocked for your safety: .*unknown contract/);
    expect(sent).toBe(0);
  }, 90_000);
});
