import { encodeFunctionData } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT,
  CHAINS,
  fakeSteps,
  fakeTabWallet,
  makeRoute,
  NATIVE,
  stepFor,
  USDC_10,
} from '../../testing/popup/fixtures';
import { ROUTER_ADDRESS, routerAbi } from '../contracts/router';
import type { TransferChoice } from '../model/choice';
import type { Route, StepTransactionResponse } from '../schemas/route';
import { WalletSession } from '../wallet/session';
import { type ExecuteInput, executeTransfer } from './executeTransfer';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** What the person typed for the test route (its action as first quoted, before any test tampers with it). */
const choiceFor = (route: Route, over: Partial<TransferChoice> = {}): TransferChoice => ({
  fromChainId: Number(route.action!.fromChainId),
  toChainId: Number(route.action!.toChainId),
  fromToken: route.action!.fromToken.address as `0x${string}`,
  toToken: route.action!.toToken.address as `0x${string}`,
  fromAmount: BigInt(route.action!.fromAmount),
  fromAddress: ACCOUNT,
  slippage: 0.005,
  ...over,
});

function run(
  route: Route,
  wallet: ReturnType<typeof fakeTabWallet>,
  step?: (r: Route) => StepTransactionResponse,
  options: { choice?: TransferChoice; confirmNewRate?: ExecuteInput['confirmNewRate'] } = {},
) {
  const api = fakeSteps(step ? { getStepTransaction: vi.fn(async () => step(route)) } : {});
  const stages: string[] = [];
  const input: ExecuteInput = {
    session: new WalletSession(wallet.tab, 'dev'),
    choice: options.choice ?? choiceFor(route),
    route,
    fromChain: CHAINS[0]!,
    account: ACCOUNT,
    recipient: ACCOUNT,
    onStage: (s) => stages.push(s),
    confirmNewRate: options.confirmNewRate ?? (async () => false),
    onSubmitted: () => {},
  };
  return { promise: executeTransfer(input, api), stages, api };
}

const usdtRoute = (): Route => {
  const route = makeRoute();
  route.action!.fromToken = { ...route.action!.fromToken, address: USDT, symbol: 'USDT' };
  return route;
};

/** `startBridge` calldata for the 1.5-unit test route, paying `tokenIn` (USDT or the native coin). */
const bridgeCalldata = (tokenIn: `0x${string}`) =>
  encodeFunctionData({
    abi: routerAbi,
    functionName: 'startBridge',
    args: [
      {
        routeId: `0x${'1'.repeat(64)}`,
        tool: `0x${'2'.repeat(64)}`,
        tokenIn,
        amountIn: 1_500_000n,
        bridgeToken: tokenIn,
        minBridgeAmount: 1n,
        dstChainId: 10n,
        dstBridgeToken: USDC_10,
        dstToken: USDC_10,
        dstAmount: 1_490_000n,
        minDstAmount: 1_482_550n,
        recipient: ACCOUNT,
      },
    ],
  });

const usdtStep = (route: Route): StepTransactionResponse => {
  const step = stepFor(route);
  return { ...step, transactionRequest: { ...step.transactionRequest, data: bridgeCalldata(USDT) } };
};

const approvals = (wallet: ReturnType<typeof fakeTabWallet>) =>
  wallet.state.sent.filter((t) => t.data.startsWith('0x095ea7b3')).map((t) => BigInt(`0x${t.data.slice(74)}`));

describe('executeTransfer', () => {
  it('resets a non-zero USDT allowance to zero before approving the exact amount', async () => {
    const wallet = fakeTabWallet({ allowance: 1n });
    const { promise, stages } = run(usdtRoute(), wallet, usdtStep);
    await promise;
    expect(approvals(wallet)).toEqual([0n, 1_500_000n]);
    expect(stages).toContain('resetting-approval');
  });

  it('does not reset for ordinary tokens', async () => {
    const wallet = fakeTabWallet({ allowance: 1n });
    await run(makeRoute(), wallet).promise;
    expect(approvals(wallet)).toEqual([1_500_000n]);
  });

  it('sends a native transfer without approval, value equal to the amount', async () => {
    const route = makeRoute();
    route.action!.fromToken = { address: NATIVE, chainId: '1', symbol: 'ETH', decimals: 18, name: 'Ether' };
    route.estimate.approvalAddress = undefined;
    const wallet = fakeTabWallet();
    const step = (r: Route): StepTransactionResponse => {
      const s = stepFor(r);
      const data = bridgeCalldata(NATIVE);
      return { ...s, transactionRequest: { ...s.transactionRequest, to: ROUTER_ADDRESS, data, value: '1500000' } };
    };
    await run(route, wallet, step).promise;
    expect(approvals(wallet)).toEqual([]);
    expect(wallet.state.sent).toHaveLength(1);
    expect(BigInt(wallet.state.sent[0]!.value)).toBe(1_500_000n);
  });

  it('registers the transfer with the background before the wallet sees it, and only the transfer is watched', async () => {
    const wallet = fakeTabWallet({ allowance: 0n });
    const sentWhenRegistered: number[] = [];
    const { promise, api } = run(makeRoute(), wallet);
    vi.mocked(api.expectTransfer).mockImplementation(async () => {
      sentWhenRegistered.push(wallet.state.sent.length);
    });
    const record = await promise;
    // The approval went first, unwatched; then the registration; then the watched transfer.
    expect(sentWhenRegistered).toEqual([1]);
    const [registration] = vi.mocked(api.expectTransfer).mock.calls[0]!;
    expect(registration.watchId).toMatch(/^[0-9a-f]{32}$/);
    expect(registration.tabId).toBe(wallet.tab.tabId);
    expect(wallet.state.watchIds).toEqual([undefined, registration.watchId]);
    const { txHash, ...rest } = vi.mocked(api.trackTransfer).mock.calls[0]![0];
    expect(registration.transfer).toEqual(rest);
    expect(record.txHash).toBe(txHash);
    // The background compares the chain's copy with exactly what the wallet was asked to send, on its chain.
    const sent = wallet.state.sent.at(-1)!;
    expect(sent).toMatchObject({ chainId: '0x1' });
    expect(rest.approvedTx).toEqual({
      chainId: 1,
      from: sent.from,
      to: sent.to,
      data: sent.data,
      value: BigInt(sent.value).toString(),
    });
  });

  it('sends nothing when the background cannot register the transfer', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const { promise, api } = run(makeRoute(), wallet);
    vi.mocked(api.expectTransfer).mockRejectedValue(new Error('worker gone'));
    await expect(promise).rejects.toThrow(/worker gone/);
    expect(wallet.state.sent).toHaveLength(0);
    expect(api.trackTransfer).not.toHaveBeenCalled();
  });

  it('refuses to sign when the account changed in the wallet mid-flow', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const original = wallet.tab.request;
    wallet.tab.request = async (id, method, params, what) =>
      method === 'eth_accounts' ? ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] : original(id, method, params, what);
    await expect(run(makeRoute(), wallet).promise).rejects.toThrow(/account changed/);
    expect(wallet.state.sent).toHaveLength(0);
  });

  it('refuses a route whose amount is not the one typed, before the wallet is asked anything', async () => {
    const wallet = fakeTabWallet({ allowance: 0n });
    const route = makeRoute();
    const typed = choiceFor(route, { fromAmount: 150_000n });
    await expect(run(route, wallet, undefined, { choice: typed }).promise).rejects.toMatchObject({
      code: 'ROUTE_MISMATCH',
    });
    expect(wallet.state.sent).toHaveLength(0);
  });

  it('refuses a fresh step that names another token than the one chosen', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const step = (r: Route): StepTransactionResponse => {
      const s = stepFor(r);
      return { ...s, action: { ...s.action, toToken: { ...s.action.toToken, address: USDT } } };
    };
    await expect(run(makeRoute(), wallet, step).promise).rejects.toMatchObject({ code: 'ROUTE_MISMATCH' });
    expect(wallet.state.sent).toHaveLength(0);
  });

  it("enforces the minimum derived from the amount shown, not the service's lower toAmountMin", async () => {
    // The service says "minimum 1" in the route and in the step's calldata and estimate: the person was shown
    // 1.49 USDC at 0.5 % slippage, so the floor is 1,482,550 and they are asked before anything is signed.
    const route = makeRoute({ toAmountMin: '1' });
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const asked: [bigint, bigint][] = [];
    const { promise } = run(route, wallet, (r) => stepFor(r, { toAmountMin: '1' }), {
      confirmNewRate: async (shown, fresh) => {
        asked.push([shown, fresh]);
        return false;
      },
    });
    await expect(promise).rejects.toThrow(/rate got worse/);
    expect(asked).toEqual([[1_482_550n, 1n]]);
    expect(wallet.state.sent).toHaveLength(0);
  });

  it("refuses calldata whose minimum is below the one shown even when the step's estimate claims otherwise", async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const step = (r: Route) => stepFor(r, { minDstAmount: 1_482_549n });
    await expect(run(makeRoute(), wallet, step).promise).rejects.toMatchObject({ code: 'MINIMUM_TOO_LOW' });
    expect(wallet.state.sent).toHaveLength(0);
  });
});
