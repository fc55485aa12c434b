import { encodeFunctionData, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DAI,
  ADDRESS_USDC,
  ATTACKER,
  chosenFor,
  DEFAULT_USDC_AMOUNT,
  type FacetSample,
  guardRefusesEachChange,
  NATIVE,
  testBaseBridgeData,
  txOf,
  USER_RECEIVER,
} from '../../../../testing/wallet/lifiFacetCases';
import { celerCircleBridgeFacetAbi } from '../../../contracts/lifi/celerCircle';
import { gasZipPeripheryAbi, gasZipPeripheryOn } from '../../../contracts/lifi/gasZipPeriphery';
import { checkStepTransaction } from '../../guards';
import type { SwapData } from './facetArgs';
import { readGasOnArrival } from './gasOnArrival';

/**
 * LI.FI's gas on arrival in a bridge call, as lifinance/contracts' GasZipPeriphery.t.sol combines it with a bridge:
 * a swap step calling the pinned GasZipPeriphery takes 5 of the 100 USDC sent to ETH for the receiver's gas on
 * Arbitrum (Gas.zip's chain 57), and CCTP bridges the other 95. The guard passes it only for the person who chose
 * exactly that gas, for themselves.
 */
const PERIPHERY = gasZipPeripheryOn(1)!;
const GAS = 5_000_000n;
const DEX = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const leftAligned = (address: string) => pad(address as Hex, { size: 32, dir: 'right' });
const gasZipData = { receiverAddress: leftAligned(USER_RECEIVER), destinationChains: 57n };

const innerSwap = (over: Partial<SwapData> = {}): SwapData => ({
  callTo: DEX,
  approveTo: DEX,
  sendingAssetId: ADDRESS_USDC,
  receivingAssetId: NATIVE,
  fromAmount: GAS,
  callData: '0x38ed1739',
  requiresDeposit: true,
  ...over,
});

const gasStep = (over: Partial<SwapData> = {}, inner = innerSwap(), data = gasZipData): SwapData => ({
  callTo: PERIPHERY,
  approveTo: PERIPHERY,
  sendingAssetId: ADDRESS_USDC,
  receivingAssetId: ADDRESS_USDC,
  fromAmount: DEFAULT_USDC_AMOUNT,
  callData: encodeFunctionData({ abi: gasZipPeripheryAbi, functionName: 'depositToGasZipERC20', args: [inner, data] }),
  requiresDeposit: true,
  ...over,
});

const sample: FacetSample = {
  abi: celerCircleBridgeFacetAbi,
  functionName: 'swapAndStartBridgeTokensViaCelerCircleBridge',
  args: [
    testBaseBridgeData({ bridge: 'celercircle', minAmount: DEFAULT_USDC_AMOUNT - GAS, hasSourceSwaps: true }),
    [gasStep()],
    { maxFee: 500n, minFinalityThreshold: 2000 },
  ],
  chosen: chosenFor({ toAmountMin: DEFAULT_USDC_AMOUNT - GAS - 500n, fromAmountForGas: GAS }),
};

const withSteps = (steps: readonly SwapData[]) => (args: readonly unknown[]) => [args[0], steps, args[2]];

describe('readGasOnArrival', () => {
  it('reads the part of the amount, the receiver and Gas.zip’s chain from the periphery’s step', () => {
    expect(readGasOnArrival([gasStep()], 1)).toEqual({ amount: GAS, receiver: USER_RECEIVER, gasZipChain: 57n });
  });

  it('reads a native deposit’s amount', () => {
    const native = gasStep({
      sendingAssetId: NATIVE,
      receivingAssetId: NATIVE,
      fromAmount: 10n ** 18n,
      callData: encodeFunctionData({
        abi: gasZipPeripheryAbi,
        functionName: 'depositToGasZipNative',
        args: [gasZipData, 10n ** 15n],
      }),
    });
    expect(readGasOnArrival([native], 1)).toEqual({ amount: 10n ** 15n, receiver: USER_RECEIVER, gasZipChain: 57n });
  });

  it('finds none in steps that do not call the periphery, or on a chain without one', () => {
    expect(readGasOnArrival([innerSwap({ receivingAssetId: ADDRESS_USDC })], 1)).toBeUndefined();
    expect(gasZipPeripheryOn(4217)).toBeUndefined();
    expect(readGasOnArrival([gasStep()], 4217)).toBeUndefined();
  });

  it.each([
    ['two periphery steps', [gasStep(), gasStep()]],
    ['a step approving the periphery but calling another contract', [gasStep({ callTo: DEX })]],
    ['a step that changes its asset', [gasStep({ receivingAssetId: ADDRESS_DAI })]],
    ['an inner swap of another token', [gasStep({}, innerSwap({ sendingAssetId: ADDRESS_DAI }))]],
    ['an inner swap that does not end in the native coin', [gasStep({}, innerSwap({ receivingAssetId: ADDRESS_DAI }))]],
    ['more gas than the step takes in', [gasStep({ fromAmount: GAS - 1n })]],
    ['a split across two chains', [gasStep({}, innerSwap(), { ...gasZipData, destinationChains: (57n << 16n) | 54n })]],
    [
      'a right-aligned receiver',
      [gasStep({}, innerSwap(), { ...gasZipData, receiverAddress: pad(USER_RECEIVER, { size: 32 }) })],
    ],
    ['another function of the periphery', [gasStep({ callData: '0xdeadbeef' })]],
  ] as const)('refuses %s in words', (_label, steps) => {
    expect(readGasOnArrival(steps, 1)).toEqual(expect.any(String));
  });
});

describe('the guard on a bridge call with gas on arrival', () => {
  guardRefusesEachChange(sample, [
    ['more of the amount as gas', withSteps([gasStep({}, innerSwap({ fromAmount: GAS + 1n }))]), 'GAS_MISMATCH'],
    [
      'gas paid to someone else',
      withSteps([gasStep({}, innerSwap(), { ...gasZipData, receiverAddress: leftAligned(ATTACKER) })]),
      'GAS_MISMATCH',
    ],
    ['no gas step', withSteps([]), 'AMOUNT_MISMATCH'],
    ['two gas steps', withSteps([gasStep(), gasStep()]), 'UNDECODABLE_CALLDATA'],
  ]);

  it('refuses gas on arrival the person did not choose, and a call without the gas they chose', () => {
    const unchosen = { ...sample.chosen, fromAmountForGas: undefined };
    expect(checkStepTransaction(txOf(sample), unchosen)).toMatchObject({
      ok: false,
      code: 'GAS_MISMATCH',
      reason: expect.stringContaining('which you did not choose'),
    });
    const plain: FacetSample = {
      ...sample,
      functionName: 'startBridgeTokensViaCelerCircleBridge',
      args: [testBaseBridgeData({ bridge: 'celercircle' }), { maxFee: 500n, minFinalityThreshold: 2000 }],
    };
    expect(checkStepTransaction(txOf(plain), sample.chosen)).toMatchObject({ ok: false, code: 'GAS_MISMATCH' });
  });
});
