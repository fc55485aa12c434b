import { pad } from 'viem';
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
  NATIVE,
  testBaseBridgeData,
  USER_RECEIVER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { deBridgeDlnFacetAbi } from '../../../contracts/lifi/deBridgeDln';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

/** DeBridgeDlnFacet.t.sol's validDeBridgeDlnData: Polygon's bridged USDC, 95% of 100 USDC, the receiver as authority. */
const POLYGON_USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const FIXED_FEE = 1_000_000_000_000_000n;
const dlnData = {
  receivingAssetId: POLYGON_USDC_E.toLowerCase(),
  receiver: USER_RECEIVER.toLowerCase(),
  orderAuthorityDst: USER_RECEIVER.toLowerCase(),
  minAmountOut: (DEFAULT_USDC_AMOUNT * 95n) / 100n,
};
const sample: FacetSample = {
  abi: deBridgeDlnFacetAbi,
  functionName: 'startBridgeTokensViaDeBridgeDln',
  args: [testBaseBridgeData({ bridge: 'debridgedln' }), dlnData],
  chosen: chosenFor({ toToken: POLYGON_USDC_E, toAmountMin: 95_000_000n }),
  value: FIXED_FEE,
};

describe('DeBridgeDlnFacet, encoded from DeBridgeDlnFacet.t.sol', () => {
  it('reads the order: token to take, least amount, receiver; DLN’s fixed fee rides in the value', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: POLYGON_USDC_E,
        minAmountOut: 95_000_000n,
        promised: ['nativeFee'],
      }),
    });
  });
  it('reads a Solana order’s receiver and mint as base58', () => {
    const receiver = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const data = encodeSample(sample, [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      {
        ...dlnData,
        receivingAssetId: solanaAddressToWord(mint),
        receiver: solanaAddressToWord(receiver),
        orderAuthorityDst: solanaAddressToWord(receiver),
      },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && [result.call.receiver, result.call.receivingToken]).toEqual([receiver, mint]);
  });
  it('takes DLN’s fee out of a native amount, so the value is exactly the amount', () => {
    const native: FacetSample = {
      ...sample,
      args: [testBaseBridgeData({ sendingAssetId: NATIVE, minAmount: 10n ** 18n }), dlnData],
      chosen: chosenFor({
        fromToken: NATIVE,
        fromAmount: 10n ** 18n,
        toToken: POLYGON_USDC_E,
        toAmountMin: 95_000_000n,
      }),
      value: 10n ** 18n,
    };
    const result = lifiDiamond.decode(encodeSample(native), 1);
    expect(result.ok && result.call.promised).toBeUndefined();
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      [
        'another receiver in both places',
        (a) =>
          withData({ receiver: ATTACKER.toLowerCase(), orderAuthorityDst: ATTACKER.toLowerCase() })(
            withBridge({ receiver: ATTACKER })(a),
          ),
        'RECIPIENT_MISMATCH',
      ],
      [
        'another receiver in the order only',
        withData({ receiver: ATTACKER.toLowerCase(), orderAuthorityDst: ATTACKER.toLowerCase() }),
        'UNDECODABLE_CALLDATA',
      ],
      [
        'another receiver in the order only, its authority left as the person',
        withData({ receiver: ATTACKER.toLowerCase() }),
        'UNDECODABLE_CALLDATA',
      ],
      ['a receiver of 32 bytes on an EVM chain', withData({ receiver: pad(USER_RECEIVER) }), 'UNDECODABLE_CALLDATA'],
      ['another order authority', withData({ orderAuthorityDst: ATTACKER.toLowerCase() }), 'UNDECODABLE_CALLDATA'],
      ['an empty order authority', withData({ orderAuthorityDst: '0x' }), 'UNDECODABLE_CALLDATA'],
      ['another token to take', withData({ receivingAssetId: ADDRESS_USDT.toLowerCase() }), 'TOKEN_MISMATCH'],
      [
        'a token to take of 32 bytes on an EVM chain',
        withData({ receivingAssetId: pad(POLYGON_USDC_E) }),
        'TOKEN_MISMATCH',
      ],
      ['a lower amount to take', withData({ minAmountOut: 94_999_999n }), 'MINIMUM_TOO_LOW'],
      ['a destination call', withBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ]);
  });
});

describe('DeBridgeDlnFacet to Solana: the order’s own receiver, authority and mint are all there is', () => {
  const receiver = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
  const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const otherKey = solanaAddressToWord('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin');
  const solana: FacetSample = {
    ...sample,
    args: [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      {
        ...dlnData,
        receivingAssetId: solanaAddressToWord(mint),
        receiver: solanaAddressToWord(receiver),
        orderAuthorityDst: solanaAddressToWord(receiver),
      },
    ],
    chosen: chosenFor({
      toChainId: LIFI_CHAIN_ID_SOLANA,
      toToken: mint,
      recipient: receiver,
      toAmountMin: 95_000_000n,
    }),
  };
  guardRefusesEachChange(solana, [
    [
      'another receiver, its own authority',
      withData({ receiver: otherKey, orderAuthorityDst: otherKey }),
      'RECIPIENT_MISMATCH',
    ],
    ['another order authority', withData({ orderAuthorityDst: otherKey }), 'UNDECODABLE_CALLDATA'],
    ['a receiver of 20 bytes', withData({ receiver: USER_RECEIVER.toLowerCase() }), 'UNDECODABLE_CALLDATA'],
    ['another mint to take', withData({ receivingAssetId: otherKey }), 'TOKEN_MISMATCH'],
    ['a lower amount to take', withData({ minAmountOut: 94_999_999n }), 'MINIMUM_TOO_LOW'],
  ]);
});

describe('DeBridgeDlnFacet.swapAndStartBridgeTokensViaDeBridgeDln: DAI swapped into USDC first, the order last', () => {
  const swap = daiToUsdcSwap();
  const withSwaps: FacetSample = {
    ...sample,
    functionName: 'swapAndStartBridgeTokensViaDeBridgeDln',
    args: [testBaseBridgeData({ bridge: 'debridgedln', hasSourceSwaps: true }), [swap], dlnData],
    chosen: chosenFor({
      fromToken: ADDRESS_DAI,
      fromAmount: swap.fromAmount,
      toToken: POLYGON_USDC_E,
      toAmountMin: 95_000_000n,
    }),
  };
  guardRefusesEachChange(withSwaps, [
    ['another receiver in the order', withData({ receiver: ATTACKER.toLowerCase() }), 'UNDECODABLE_CALLDATA'],
    ['another order authority', withData({ orderAuthorityDst: ATTACKER.toLowerCase() }), 'UNDECODABLE_CALLDATA'],
    ['another token to take', withData({ receivingAssetId: ADDRESS_USDT.toLowerCase() }), 'TOKEN_MISMATCH'],
    ['a lower amount to take', withData({ minAmountOut: 94_999_999n }), 'MINIMUM_TOO_LOW'],
  ]);
});
