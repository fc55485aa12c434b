import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DAI,
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  DEFAULT_USDC_AMOUNT,
  daiToUsdcSwap,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  txOf,
  USDC_POLYGON,
  USER_RECEIVER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { celerCircleBridgeFacetAbi } from '../../../contracts/lifi/celerCircle';
import { LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { checkStepTransaction } from '../../guards';
import { lifiDiamond } from '../lifiDiamond';

/** CelerCircleBridgeFacet.t.sol's celerCircleBridgeData: at most 500 units of fee, standard finality (2000). */
const sample: FacetSample = {
  abi: celerCircleBridgeFacetAbi,
  functionName: 'startBridgeTokensViaCelerCircleBridge',
  args: [testBaseBridgeData({ bridge: 'celercircle' }), { maxFee: 500n, minFinalityThreshold: 2000 }],
  chosen: chosenFor({ toAmountMin: 99_999_500n }),
};

describe('CelerCircleBridgeFacet (CCTP), encoded from CelerCircleBridgeFacet.t.sol', () => {
  it('proves everything: Polygon’s native USDC to the receiver, at least the amount less maxFee', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: {
        kind: 'bridge',
        functionName: 'startBridgeTokensViaCelerCircleBridge',
        sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: USDC_POLYGON,
        minAmountOut: 99_999_500n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
        extra: { maxFee: 500n, minFinalityThreshold: 2000n },
      },
    });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      ['a destination without a known USDC', withBridge({ destinationChainId: 56n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      [
        'the non-EVM placeholder as mint recipient',
        withBridge({ receiver: LIFI_NON_EVM_ADDRESS }),
        'UNDECODABLE_CALLDATA',
      ],
      ['a larger fee (lower minimum)', withData({ maxFee: 501n }), 'MINIMUM_TOO_LOW'],
      ['a fee above the amount', withData({ maxFee: 100_000_001n }), 'UNDECODABLE_CALLDATA'],
      ['native coin beside USDC', (a) => a, 'VALUE_MISMATCH', 1n],
    ]);
  });
  it('refuses a destination whose USDC it does not know, in words', () => {
    const bsc: FacetSample = { ...sample, chosen: chosenFor({ toChainId: 56, toToken: ADDRESS_USDT }) };
    const result = checkStepTransaction(txOf(bsc, withBridge({ destinationChainId: 56n })(sample.args)), bsc.chosen);
    expect(result).toMatchObject({ ok: false, code: 'TOKEN_MISMATCH', reason: expect.stringMatching(/which token/) });
  });
});

describe('CelerCircleBridgeFacet.swapAndStartBridgeTokensViaCelerCircleBridge: DAI swapped into USDC first', () => {
  const swap = daiToUsdcSwap();
  const withSwaps: FacetSample = {
    abi: celerCircleBridgeFacetAbi,
    functionName: 'swapAndStartBridgeTokensViaCelerCircleBridge',
    args: [
      testBaseBridgeData({ bridge: 'celercircle', hasSourceSwaps: true }),
      [swap],
      { maxFee: 500n, minFinalityThreshold: 2000 },
    ],
    chosen: chosenFor({ fromToken: ADDRESS_DAI, fromAmount: swap.fromAmount, toAmountMin: 99_999_500n }),
  };
  it('takes what the swap pulls, and still guarantees minAmount less maxFee', () => {
    const result = lifiDiamond.decode(encodeSample(withSwaps), 1);
    expect(result.ok && [result.call.sendingToken, result.call.amountIn, result.call.minAmountOut]).toEqual([
      ADDRESS_DAI,
      swap.fromAmount,
      99_999_500n,
    ]);
  });
  guardRefusesEachChange(withSwaps, [
    [
      'a larger swap deposit',
      (a) => [a[0], [daiToUsdcSwap({ fromAmount: swap.fromAmount + 1n })], a[2]],
      'AMOUNT_MISMATCH',
    ],
    [
      'a swap into another token than the bridged one',
      (a) => [a[0], [daiToUsdcSwap({ receivingAssetId: ADDRESS_USDT })], a[2]],
      'UNDECODABLE_CALLDATA',
    ],
    ['a lower bridged minimum', withBridge({ minAmount: 99_000_000n }), 'MINIMUM_TOO_LOW'],
  ]);
});
