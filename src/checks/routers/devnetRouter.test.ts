import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { ROUTER_ADDRESS, routerAbi } from '../../contracts/router';
import { DEVNET_ROUTER_CHAIN_IDS, devnetRouter } from './devnetRouter';
import { routerFamilyAt } from './registry';

const USDC_1 = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT_1 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_42161 = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ZERO32 = `0x${'0'.repeat(64)}` as const;

const params = {
  routeId: ZERO32,
  tool: ZERO32,
  tokenIn: USDT_1,
  amountIn: 50_000_000n,
  bridgeToken: USDC_1,
  minBridgeAmount: 49_700_000n,
  dstChainId: 42161n,
  dstBridgeToken: USDC_42161,
  dstToken: USDC_42161,
  dstAmount: 49_890_000n,
  minDstAmount: 49_640_550n,
  recipient: RECIPIENT,
} as const;

describe('devnet router decoder', () => {
  it('is pinned on the devnet chains only', () => {
    expect(DEVNET_ROUTER_CHAIN_IDS.map((id) => devnetRouter.addressesOn(id))).toEqual([
      [ROUTER_ADDRESS],
      [ROUTER_ADDRESS],
      [ROUTER_ADDRESS],
      [ROUTER_ADDRESS],
    ]);
    expect(devnetRouter.addressesOn(56)).toEqual([]);
    expect(routerFamilyAt(1, ROUTER_ADDRESS.toLowerCase())?.name).toBe('devnet router');
    expect(routerFamilyAt(56, ROUTER_ADDRESS)).toBeUndefined();
    expect(routerFamilyAt(1, 'nope')).toBeUndefined();
  });

  it('reads every value-moving field of startBridge', () => {
    const data = encodeFunctionData({ abi: routerAbi, functionName: 'startBridge', args: [params] });
    expect(devnetRouter.decode(data, 1)).toEqual({
      ok: true,
      call: {
        kind: 'bridge',
        functionName: 'startBridge',
        sendingToken: USDT_1,
        amountIn: 50_000_000n,
        destinationChainId: 42161,
        receiver: RECIPIENT,
        receivingToken: USDC_42161,
        minAmountOut: 49_640_550n,
        extra: {
          bridgeToken: USDC_1,
          minBridgeAmount: 49_700_000n,
          dstBridgeToken: USDC_42161,
          dstAmount: 49_890_000n,
        },
      },
    });
  });

  it('reads swap, with the source chain as its destination', () => {
    const data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [USDT_1, USDC_1, 5n, 4n, RECIPIENT],
    });
    expect(devnetRouter.decode(data, 1)).toEqual({
      ok: true,
      call: {
        kind: 'swap',
        functionName: 'swap',
        sendingToken: USDT_1,
        amountIn: 5n,
        destinationChainId: 1,
        receiver: RECIPIENT,
        receivingToken: USDC_1,
        minAmountOut: 4n,
      },
    });
  });

  it("refuses calls that move nothing of the person's, garbage and absurd chain IDs", () => {
    const view = encodeFunctionData({ abi: routerAbi, functionName: 'getAmountOut', args: [USDT_1, USDC_1, 1n] });
    expect(devnetRouter.decode(view, 1)).toMatchObject({ ok: false, reason: expect.stringMatching(/getAmountOut/) });
    expect(devnetRouter.decode('0xdeadbeef', 1).ok).toBe(false);
    const huge = encodeFunctionData({
      abi: routerAbi,
      functionName: 'startBridge',
      args: [{ ...params, dstChainId: 2n ** 200n }],
    });
    expect(devnetRouter.decode(huge, 1)).toMatchObject({ ok: false, reason: expect.stringMatching(/not a chain ID/) });
  });
});
