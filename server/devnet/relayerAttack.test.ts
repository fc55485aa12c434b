import { type Address, decodeEventLog, decodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { type RunningServer, startServer } from '../app';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { type Devnet, startDevnet } from './devnet';
import { bestStep, DevWallet } from './flowHelpers';

const TIME_FACTOR = 0.002;
const USDC_ETHEREUM: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const WETH_ARBITRUM: Address = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
const DEPOSIT_PENDING = 1;
const DEPOSIT_SETTLED = 2;
const DEPOSIT_REFUNDED = 3;

let devnet: Devnet;
let service: RunningServer;

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR });
  service = await startServer({ devnet, timeFactor: TIME_FACTOR, logLevel: 'silent', rateLimit: { disabled: true } });
});
afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

type Params = ReturnType<typeof decodeBridge>;
function decodeBridge(data: Hex) {
  const decoded = decodeFunctionData({ abi: routerAbi, data });
  if (decoded.functionName !== 'startBridge') throw new Error(`expected startBridge, got ${decoded.functionName}`);
  return decoded.args[0];
}

/**
 * Calls startBridge directly, as anyone can, with parameters the service never quoted: a real quote's params with
 * `tamper` applied. Returns the deposit ID once the relayer has resolved it (settled or refunded on the source).
 */
async function bridgeDirectly(attacker: DevWallet, tamper: (p: Params) => Params): Promise<{ state: number }> {
  const step = await bestStep(service.url, {
    fromChainId: 1,
    fromTokenAddress: USDC_ETHEREUM,
    toChainId: 42161,
    toTokenAddress: USDC_ARBITRUM,
    fromAmount: 1_000_000n,
    fromAddress: attacker.address,
  });
  const params = tamper(decodeBridge(step.transactionRequest!.data));
  await attacker.approve(1, params.tokenIn, ROUTER_ADDRESS, params.amountIn);
  const hash = await attacker.wallet(1).writeContract({
    address: ROUTER_ADDRESS,
    abi: bridgeRouterAbi,
    functionName: 'startBridge',
    args: [params],
  });
  const receipt = await attacker.client(1).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  const started = receipt.logs
    .map((log) => {
      try {
        return decodeEventLog({ abi: bridgeRouterAbi, data: log.data, topics: log.topics });
      } catch {
        return undefined;
      }
    })
    .find((event) => event?.eventName === 'BridgeStarted');
  if (!started) throw new Error(`no BridgeStarted in ${hash}`);
  const depositId = (started.args as { depositId: Hex }).depositId;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [, state] = await attacker.client(1).readContract({
      address: ROUTER_ADDRESS,
      abi: bridgeRouterAbi,
      functionName: 'deposits',
      args: [depositId],
    });
    if (state !== DEPOSIT_PENDING) return { state };
    if (Date.now() > deadline) throw new Error(`deposit ${depositId} still pending after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const liquidity = (wallet: DevWallet, token: Address) =>
  wallet.client(42161).readContract({
    address: ROUTER_ADDRESS,
    abi: bridgeRouterAbi,
    functionName: 'bridgeLiquidity',
    args: [token],
  });

describe('the devnet relayer against direct startBridge calls (issue #15)', () => {
  it('pays 0.000001 USDC for 0.000001 USDC bridged, not the 2.5 M USDC the deposit asks for', async () => {
    const attacker = new DevWallet(devnet.chains, 6);
    const before = {
      src: await attacker.balance(1, USDC_ETHEREUM),
      dst: await attacker.balance(42161, USDC_ARBITRUM),
      pool: await liquidity(attacker, USDC_ARBITRUM),
    };
    const { state } = await bridgeDirectly(attacker, (p) => ({
      ...p,
      amountIn: 1n,
      minBridgeAmount: 0n,
      dstAmount: 2_500_000n * 10n ** 6n,
      minDstAmount: 0n,
      recipient: attacker.address,
    }));
    expect(state).toBe(DEPOSIT_SETTLED);
    expect(await attacker.balance(1, USDC_ETHEREUM)).toBe(before.src - 1n);
    expect(await attacker.balance(42161, USDC_ARBITRUM)).toBe(before.dst + 1n);
    expect(await liquidity(attacker, USDC_ARBITRUM)).toBe(before.pool - 1n);
  });

  it('refunds the deposit when its own minimum cannot be met from what was bridged', async () => {
    const attacker = new DevWallet(devnet.chains, 6);
    const before = { src: await attacker.balance(1, USDC_ETHEREUM), dst: await attacker.balance(42161, USDC_ARBITRUM) };
    const { state } = await bridgeDirectly(attacker, (p) => ({
      ...p,
      amountIn: 1n,
      minBridgeAmount: 0n,
      dstAmount: 2_500_000n * 10n ** 6n,
      minDstAmount: 2_500_000n * 10n ** 6n,
      recipient: attacker.address,
    }));
    expect(state).toBe(DEPOSIT_REFUNDED);
    expect(await attacker.balance(1, USDC_ETHEREUM)).toBe(before.src);
    expect(await attacker.balance(42161, USDC_ARBITRUM)).toBe(before.dst);
  });

  it('refunds a deposit that names another coin as the destination bridge token (1 USDC in, 1 WETH asked)', async () => {
    const attacker = new DevWallet(devnet.chains, 7);
    const before = {
      src: await attacker.balance(1, USDC_ETHEREUM),
      weth: await attacker.balance(42161, WETH_ARBITRUM),
      pool: await liquidity(attacker, WETH_ARBITRUM),
    };
    const { state } = await bridgeDirectly(attacker, (p) => ({
      ...p,
      amountIn: 1_000_000n,
      minBridgeAmount: 0n,
      dstBridgeToken: WETH_ARBITRUM,
      dstToken: WETH_ARBITRUM,
      dstAmount: 10n ** 18n,
      minDstAmount: 0n,
      recipient: attacker.address,
    }));
    expect(state).toBe(DEPOSIT_REFUNDED);
    expect(await attacker.balance(1, USDC_ETHEREUM)).toBe(before.src);
    expect(await attacker.balance(42161, WETH_ARBITRUM)).toBe(before.weth);
    expect(await liquidity(attacker, WETH_ARBITRUM)).toBe(before.pool);
  });
});
