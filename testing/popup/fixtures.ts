import { encodeFunctionData } from 'viem';
import { vi } from 'vitest';
import { createExecutions, type Executions } from '../../src/background/execution/executions';
import { followStep } from '../../src/background/execution/followStep';
import { createTransferStore } from '../../src/background/transfers/transferStore';
import { createSimulator } from '../../src/checks/simulation/simulateBeforeSigning';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import type { Wire } from '../../src/messaging/wire';
import { readChoice } from '../../src/model/choice';
import type { PublicSettings } from '../../src/model/settings';
import type { Execution, ExecutionStart, SentTransfer, TransferInput } from '../../src/model/transfer';
import type { PopupApi } from '../../src/popup/api';
import type { PopupDeps } from '../../src/popup/store/deps';
import type { Chain, Token } from '../../src/schemas/catalog';
import type { Route, Step, StepTransactionResponse } from '../../src/schemas/route';
import type { ExecuteDeps } from '../../src/signing/executeTransfer';
import { transfersItem } from '../../src/storage/transfers';
import { watchTransfers } from '../../src/storage/transfersWatch';
import { WalletRejectedError, WalletRequestError } from '../../src/wallet/errors';
import type { TabWallet, WalletEvent } from '../../src/wallet/tabWallet';

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
export const NATIVE = '0x0000000000000000000000000000000000000000' as const;
export const USDC_1 = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
export const USDC_10 = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' as const;

const chain = (id: number, name: string, symbol: string): Chain => ({
  id,
  key: name.slice(0, 3).toLowerCase(),
  name,
  chainType: 'EVM',
  coin: symbol,
  mainnet: true,
  nativeToken: { address: NATIVE, symbol, decimals: 18, chainId: String(id), name: symbol, priceUSD: '2000' },
  wallet: { chainId: `0x${id.toString(16)}`, chainName: name, rpcUrls: [`http://127.0.0.1:1/${id}`] },
});

export const CHAINS: Chain[] = [chain(1, 'Ethereum', 'ETH'), chain(10, 'Optimism', 'ETH')];
export const USDC_ETH: Token = {
  address: USDC_1,
  chainId: '1',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  priceUSD: '1',
};
export const USDC_OP: Token = {
  address: USDC_10,
  chainId: '10',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  priceUSD: '1',
};

export function makeRoute(
  over: {
    id?: string;
    tool?: string;
    toAmount?: string;
    toAmountMin?: string;
    duration?: number;
    gasUSD?: string;
    toAmountUSD?: string;
  } = {},
): Route {
  return {
    id: over.id ?? 'route-1',
    type: 'bridge',
    tool: over.tool ?? 'hop',
    toolDetails: { key: over.tool ?? 'hop', name: (over.tool ?? 'hop').toUpperCase() },
    action: {
      fromChainId: '1',
      toChainId: '10',
      fromToken: { address: USDC_1, chainId: '1', symbol: 'USDC', decimals: 6, name: 'USD Coin' },
      toToken: { address: USDC_10, chainId: '10', symbol: 'USDC', decimals: 6, name: 'USD Coin' },
      fromAmount: '1500000',
      slippage: 0.005,
    },
    estimate: {
      tool: over.tool ?? 'hop',
      fromAmount: '1500000',
      toAmount: over.toAmount ?? '1490000',
      toAmountMin: over.toAmountMin ?? '1482550',
      approvalAddress: ROUTER_ADDRESS,
      executionDuration: over.duration ?? 120,
      fromAmountUSD: '1.50',
      toAmountUSD: over.toAmountUSD ?? '1.49',
      gasCosts: [
        {
          type: 'SEND',
          amount: '1000',
          amountUSD: over.gasUSD ?? '0.01',
          token: { address: NATIVE, chainId: '1', symbol: 'ETH', decimals: 18, name: 'ETH' },
        },
      ],
    },
  };
}

export const DAI_10 = '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1' as const;

/** USDC Ethereum → (bridge) USDC OP Mainnet → (swap there) DAI OP Mainnet, two signatures. */
export function twoStepRoute(): Route {
  const bridge = makeRoute({ id: 'step-1' });
  bridge.action!.toAddress = ACCOUNT;
  const swap = makeRoute({ id: 'step-2', tool: 'uniswap', toAmount: '1480000000000000000' });
  swap.type = 'swap';
  swap.action = {
    ...swap.action!,
    fromChainId: '10',
    fromToken: bridge.action!.toToken,
    toToken: { address: DAI_10, chainId: '10', symbol: 'DAI', decimals: 18, name: 'Dai' },
    fromAmount: '1490000',
    toAddress: OTHER,
  };
  swap.estimate = { ...swap.estimate, fromAmount: '1490000', toAmountMin: '1472600000000000000' };
  swap.serviceStep = {
    id: 'step-2',
    action: { ...swap.action },
    includedSteps: [{ action: { fromAmount: '1490000' } }],
  };
  return {
    ...makeRoute({ id: 'route-2', toAmount: '1480000000000000000' }),
    action: { ...bridge.action!, toChainId: '10', toToken: swap.action.toToken, toAddress: OTHER },
    steps: [bridge, swap] as NonNullable<Route['steps']>,
  };
}

/**
 * A transfer's execution as stored, 1.5 USDC Ethereum → OP Mainnet through `makeRoute()` from the Dev Wallet in tab 7,
 * under way; `over` sets the phase, the stage, the choice and the rest a test is about.
 */
export function makeExecution(over: Partial<Execution> = {}): Execution {
  return {
    phase: 'running',
    tabId: 7,
    wallet: { name: 'Dev Wallet' },
    account: ACCOUNT,
    recipient: ACCOUNT,
    choice: {
      fromChainId: 1,
      toChainId: 10,
      fromToken: USDC_1,
      toToken: USDC_10,
      fromAmount: 1_500_000n,
      slippage: 0.005,
    },
    route: makeRoute(),
    allowUnlimited: false,
    ...over,
  };
}

/**
 * Step 1 of `twoStepRoute()` arrived (0.995 USDC on OP Mainnet) with 0.5 USDC of the 1.5 chosen as gas on arrival;
 * step 2, the swap to DAI there, waits for the person's signature.
 */
export function stepTwoWithGas(over: Partial<Execution> = {}): Execution {
  return makeExecution({
    phase: 'needsSignature',
    step: 1,
    arrived: '995000',
    choice: { ...makeExecution().choice, toToken: DAI_10, fromAmountForGas: 500_000n },
    route: twoStepRoute(),
    ...over,
  });
}

export function stepFor(
  route: Route,
  over: { recipient?: `0x${string}`; minDstAmount?: bigint; toAmountMin?: string } = {},
): StepTransactionResponse {
  const action = route.action!;
  const data = encodeFunctionData({
    abi: routerAbi,
    functionName: 'startBridge',
    args: [
      {
        routeId: `0x${'1'.repeat(64)}`,
        tool: `0x${'2'.repeat(64)}`,
        tokenIn: USDC_1,
        amountIn: BigInt(action.fromAmount),
        bridgeToken: USDC_1,
        minBridgeAmount: 1n,
        dstChainId: 10n,
        dstBridgeToken: USDC_10,
        dstToken: USDC_10,
        dstAmount: BigInt(route.estimate.toAmount),
        minDstAmount: over.minDstAmount ?? BigInt(over.toAmountMin ?? route.estimate.toAmountMin!),
        recipient: over.recipient ?? ACCOUNT,
      },
    ],
  });
  return {
    id: route.id,
    type: 'bridge',
    tool: route.tool,
    action: { ...action, fromAddress: ACCOUNT, toAddress: over.recipient ?? ACCOUNT },
    estimate: {
      ...route.estimate,
      fromAmount: '1500000',
      toAmountMin: over.toAmountMin ?? route.estimate.toAmountMin!,
    },
    transactionRequest: { from: ACCOUNT, to: ROUTER_ADDRESS, chainId: '1', data, value: '0', gasLimit: '200000' },
  };
}

/** The address `alice.eth` points to in fakeApi (anvil's account 1). */
export const ENS_ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;

export const SETTINGS: PublicSettings = {
  apiBaseUrl: 'http://127.0.0.1:8787',
  hasApiKey: false,
  slippage: 0.005,
  routeOrder: 'OUTPUT',
  bridges: { allow: [], deny: [], prefer: [] },
  notifications: true,
  inlineQuotes: true,
  apiDialect: 'auto',
  rpcUrls: {},
  theme: 'system',
};

export function fakeApi(over: Partial<PopupApi> = {}): PopupApi {
  return {
    getChains: vi.fn(async () => CHAINS),
    getTools: vi.fn(async () => ({ bridges: [], exchanges: [] })),
    searchTokens: vi.fn(async () => [USDC_ETH]),
    getToken: vi.fn(async ({ address }: { address: string }) =>
      address.toLowerCase() === USDC_1.toLowerCase()
        ? USDC_ETH
        : address.toLowerCase() === USDC_10.toLowerCase()
          ? USDC_OP
          : null,
    ),
    getRoutes: vi.fn(async () => ({ routes: [makeRoute()], fetchedAt: Date.now() })),
    getSettings: vi.fn(async () => SETTINGS),
    updateSettings: vi.fn(async (patch) => ({ ...SETTINGS, ...patch, hasApiKey: Boolean(patch.apiKey) })),
    // What the background answers: the stored records, newest first.
    getTransfers: vi.fn(async () =>
      Object.values(await transfersItem.getValue()).sort((a, b) => b.createdAt - a.createdAt),
    ),
    getServiceHold: vi.fn(async () => ({ until: 0 })),
    lookUpTransfer: vi.fn(async () => ({ kind: 'unknown' as const, chainIds: [1, 10] })),
    takePrefill: vi.fn(async () => null),
    getRecipientKind: vi.fn(async () => ({ kind: 'account' as const })),
    // One name points somewhere (ENS_ALICE), any other nowhere, as the devnet's ENS answers (server/devnet/ens.ts).
    resolveEnsName: vi.fn(async ({ name }: { name: string }) =>
      name.trim().toLowerCase() === 'alice.eth'
        ? { kind: 'resolved' as const, name: 'alice.eth', address: ENS_ALICE }
        : { kind: 'notFound' as const, name: name.trim().toLowerCase() },
    ),
    getAllowance: vi.fn(async () => ({ allowance: '0' })),
    // These tests' chains have no node, as in fakeSteps: the review says why nothing was simulated.
    previewTransfer: vi.fn(async () => ({ kind: 'notSimulated' as const, reason: 'No trusted RPC for chain 1.' })),
    revokeApproval: vi.fn(async () => ({ hash: `0x${'ab'.repeat(32)}` as const })),
    getBalances: vi.fn(async () => ({ balances: {} })),
    getSolanaBalances: vi.fn(async () => ({ read: false as const })),
    importToken: vi.fn(async () => {
      throw new Error('No token answers at this address on this chain.');
    }),
    addChainRpc: vi.fn(async ({ chainId, url }) => ({
      ...SETTINGS,
      rpcUrls: { ...SETTINGS.rpcUrls, [String(chainId)]: url },
      hasApiKey: false,
    })),
    startExecution: vi.fn(async () => {
      throw new Error('startExecution: use fakeDeps, which runs executions against its wallet');
    }),
    continueExecution: vi.fn(async () => {
      throw new Error('continueExecution: use fakeDeps');
    }),
    answerExecutionRate: vi.fn(async () => undefined),
    stopExecution: vi.fn(async () => undefined),
    dismissExecution: vi.fn(async () => undefined),
    ...over,
  };
}

/** What the background's execution reaches for each step: the service's step transaction and the tracker. */
export function fakeSteps(over: Partial<ExecuteDeps> = {}) {
  return {
    getStepTransaction: vi.fn(async ({ step }: { step: Step }) => stepFor(step as unknown as Route)),
    trackTransfer: vi.fn(
      async (input: TransferInput): Promise<SentTransfer> => ({
        ...input,
        createdAt: 1,
        updatedAt: 1,
        status: 'SUBMITTED',
        sentCheck: { state: 'pending', attempts: 0 },
        final: false,
        checks: 0,
        consecutiveErrors: 0,
      }),
    ),
    expectTransfer: vi.fn(async () => undefined),
    // These tests' chains have no node: no trusted RPC, so nothing is simulated and only plain bridge calls go ahead
    // (src/checks/simulation/simulateBeforeSigning.ts); the simulation itself is tested against anvil beside it.
    simulator: createSimulator({ rpcUrl: () => undefined }),
    ...over,
  };
}

/** A wallet in a tab, simulated: one account, a chain, token allowances and balances, optional refusals. */
export function fakeTabWallet(
  options: {
    chainId?: number;
    reject?: string[];
    allowance?: bigint;
    approvalReverts?: boolean;
    /** Methods the "person" never decides on: they wait until the popup stops waiting. */
    hold?: string[];
    /** The site is not (or no longer) connected: eth_accounts answers no account. */
    forgotSite?: boolean;
  } = {},
) {
  const state = {
    held: [] as { what: string; reject(error: Error): void }[],
    chainId: options.chainId ?? 1,
    allowance: options.allowance ?? 0n,
    sent: [] as { chainId?: string; from?: string; to: string; data: string; value: string }[],
    /** The watch ID each eth_sendTransaction carried (undefined for approvals). */
    watchIds: [] as (string | undefined)[],
    /** Every method asked, in order. */
    methods: [] as string[],
  };
  const listeners = new Set<(e: WalletEvent) => void>();
  const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
  const tab: TabWallet = {
    tabId: 7,
    wallets: [{ id: 'dev', name: 'Dev Wallet', rdns: 'dev.bridge-companion.wallet' }],
    async request(_walletId, method, params = [], what = 'the request', requestOptions) {
      state.methods.push(method);
      if (method === 'eth_sendTransaction') state.watchIds.push(requestOptions?.watchId);
      if (options.reject?.includes(method)) throw new WalletRejectedError(what);
      if (options.hold?.includes(method))
        return new Promise((_, reject) => {
          state.held.push({ what, reject });
        });
      switch (method) {
        case 'eth_requestAccounts':
          return [ACCOUNT.toLowerCase()];
        case 'eth_accounts':
          return options.forgotSite ? [] : [ACCOUNT.toLowerCase()];
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`;
        case 'wallet_switchEthereumChain': {
          const id = Number.parseInt((params[0] as { chainId: string }).chainId, 16);
          if (id !== 1 && id !== 10) throw new WalletRequestError('unknown chain', 4902);
          state.chainId = id;
          return null;
        }
        case 'eth_getBalance':
          return '0xde0b6b3a7640000';
        case 'eth_call': {
          const data = (params[0] as { data: string }).data;
          if (data.startsWith('0xdd62ed3e')) return `0x${state.allowance.toString(16)}`;
          return `0x${(10_000_000n).toString(16)}`;
        }
        case 'eth_sendTransaction': {
          const tx = params[0] as { chainId?: string; from?: string; to: string; data: string; value: string };
          state.sent.push(tx);
          if (tx.data.startsWith('0x095ea7b3') && !options.approvalReverts)
            state.allowance = BigInt(`0x${tx.data.slice(74)}`);
          return hash(state.sent.length);
        }
        case 'eth_getTransactionReceipt':
          return { status: options.approvalReverts ? '0x0' : '0x1' };
        default:
          throw new WalletRequestError(`unsupported ${method}`, 4200);
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopWaiting(error) {
      for (const hold of state.held.splice(0)) hold.reject(error(hold.what));
    },
    close() {},
  };
  return {
    tab,
    state,
    emit: (e: WalletEvent) => {
      for (const l of listeners) l(e);
    },
  };
}

/**
 * The popup's deps with the background's real execution runner behind the api's execution messages (fake browser
 * storage, the deps' tab wallet, `steps` for the service and tracker), so store tests run the whole signing flow.
 */
export function fakeDeps(
  over: Partial<PopupDeps> & { steps?: ReturnType<typeof fakeSteps> } = {},
): PopupDeps & { steps: ReturnType<typeof fakeSteps>; executions: Executions } {
  const wallet = fakeTabWallet();
  const { steps = fakeSteps(), ...rest } = over;
  const deps: PopupDeps = {
    api: fakeApi(),
    resolveTabId: async () => 7,
    openTabWallet: async () => wallet.tab,
    debounceMs: 300,
    refreshMs: 30_000,
    watchRecords: watchTransfers,
    ...rest,
  };
  const executions = createExecutions({
    store: createTransferStore({ afterSend: (record) => followStep(record, Date.now()) }),
    now: Date.now,
    openTabWallet: (tabId) => deps.openTabWallet(tabId),
    chain: async (id) => CHAINS.find((c) => c.id === id),
    steps,
    keepAlive: () => () => {},
  });
  Object.assign(deps.api, {
    // As the background's schema reads the wire's choice (src/model/choiceSchema.ts).
    startExecution: vi.fn((input: Wire<ExecutionStart>) =>
      executions.start({ ...input, choice: readChoice(input.choice) }),
    ),
    continueExecution: vi.fn(({ id, tabId }: { id: string; tabId?: number }) => executions.resume(id, tabId)),
    answerExecutionRate: vi.fn(({ id, accept }: { id: string; accept: boolean }) => executions.answerRate(id, accept)),
    stopExecution: vi.fn(({ id }: { id: string }) => executions.stopWaiting(id)),
    dismissExecution: vi.fn(({ id }: { id: string }) => executions.dismiss(id)),
  });
  return { ...deps, steps, executions };
}
