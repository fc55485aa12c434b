import { encodeFunctionData, type Hex, padHex } from 'viem';
import type { BridgeData, SwapData } from '../../src/checks/routers/lifi/facetArgs';
import { acrossFacetV4Abi, genericSwapFacetV3Abi } from '../../src/contracts/lifiDiamond';

/*
 * Samples. No complete real LI.FI calldata for these eight functions could be found in the public sources searched
 * (lifinance/contracts tests and scripts, which build their calls in Solidity; docs.li.fi; lifinance/sdk fixtures;
 * code and issues quoting explorer transactions, which quote selectors only). So every sample here is built with
 * the facets' real ABI (src/contracts/lifiDiamond.ts, copied from lifinance/contracts src/Facets/AcrossFacetV4.sol
 * and GenericSwapFacetV3.sol) and production-like values: mainnet USDC/USDT/WETH, the diamond's own address, the
 * Across V4 field layout. What the selectors are is checked against published values: 0xa1f1ce43 and 0x1794958f
 * (AcrossFacetV4), 0x4666fc80, 0x733214a3, 0xaf7060fd, 0x5fd9ae2e, 0x2c57e884, 0x736eac0b (GenericSwapFacetV3) are
 * the selectors LI.FI's published diamond.json lists (lifinance/lifi-contract-types dist/diamond.json, as quoted in
 * several public allow-lists).
 */

export const SENDER = '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0';
export const ATTACKER = '0x000000000000000000000000000000000000dEaD';
export const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const WETH_ETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
export const NATIVE = '0x0000000000000000000000000000000000000000';
const DEX = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const TX_ID = '0x7c2f1b5e0a4d4a4c9a3f2b7d5e6c8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
export const word = (address: `0x${string}`) => padHex(address, { size: 32 });

type AcrossData = {
  receiverAddress: Hex;
  refundAddress: Hex;
  sendingAssetId: Hex;
  receivingAssetId: Hex;
  outputAmount: bigint;
  outputAmountMultiplier: bigint;
  exclusiveRelayer: Hex;
  quoteTimestamp: number;
  fillDeadline: number;
  exclusivityParameter: number;
  message: Hex;
};

const bridgeData = (over: Partial<BridgeData> = {}): BridgeData => ({
  transactionId: TX_ID,
  bridge: 'across',
  integrator: 'bridge-companion',
  referrer: NATIVE,
  sendingAssetId: USDC_ETH,
  receiver: SENDER,
  minAmount: 50_000_000n,
  destinationChainId: 42161n,
  hasSourceSwaps: false,
  hasDestinationCall: false,
  ...over,
});
const acrossData = (over: Partial<AcrossData> = {}): AcrossData => ({
  receiverAddress: word(SENDER),
  refundAddress: word(SENDER),
  sendingAssetId: word(USDC_ETH),
  receivingAssetId: word(USDC_ARB),
  outputAmount: 49_890_000n,
  outputAmountMultiplier: 998_000_000_000_000_000n,
  exclusiveRelayer: padHex('0x', { size: 32 }),
  quoteTimestamp: 1_763_900_000,
  fillDeadline: 1_763_921_600,
  exclusivityParameter: 0,
  message: '0x',
  ...over,
});
export const swap = (over: Partial<SwapData> = {}): SwapData => ({
  callTo: DEX,
  approveTo: DEX,
  sendingAssetId: USDT_ETH,
  receivingAssetId: USDC_ETH,
  fromAmount: 50_000_000n,
  callData: '0x12aa3caf',
  requiresDeposit: true,
  ...over,
});

export const startBridge = (b: Partial<BridgeData> = {}, a: Partial<AcrossData> = {}) =>
  encodeFunctionData({
    abi: acrossFacetV4Abi,
    functionName: 'startBridgeTokensViaAcrossV4',
    args: [bridgeData(b), acrossData(a)],
  });
export const swapAndBridge = (b: Partial<BridgeData> = {}, swaps: SwapData[] = [swap()], a: Partial<AcrossData> = {}) =>
  encodeFunctionData({
    abi: acrossFacetV4Abi,
    functionName: 'swapAndStartBridgeTokensViaAcrossV4',
    args: [bridgeData({ hasSourceSwaps: true, minAmount: 49_900_000n, ...b }), swaps, acrossData(a)],
  });

export type GenericName =
  | 'swapTokensSingleV3ERC20ToERC20'
  | 'swapTokensSingleV3ERC20ToNative'
  | 'swapTokensSingleV3NativeToERC20'
  | 'swapTokensMultipleV3ERC20ToERC20'
  | 'swapTokensMultipleV3ERC20ToNative'
  | 'swapTokensMultipleV3NativeToERC20';
export const genericSwap = (
  functionName: GenericName,
  swaps: SwapData[],
  over: { receiver?: `0x${string}`; minAmountOut?: bigint } = {},
) =>
  encodeFunctionData({
    abi: genericSwapFacetV3Abi,
    functionName,
    args: [
      TX_ID,
      'bridge-companion',
      '',
      over.receiver ?? SENDER,
      over.minAmountOut ?? 49_750_000n,
      (functionName.startsWith('swapTokensSingle') ? swaps[0] : swaps) as never,
    ],
  } as never);
