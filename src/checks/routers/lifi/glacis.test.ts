import { padHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ATTACKER,
  chosenFor,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  USER_RECEIVER,
  USER_REFUND,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { glacisFacetAbi } from '../../../contracts/lifi/glacis';
import { lifiDiamond } from '../lifiDiamond';

/** GlacisFacet.t.sol's USDT0 test: 1,000 USDT0 from Optimism to Unichain, output token named, Airlift's fee on top. */
const USDT0_OPTIMISM = '0x01bFF41798a0BcF287b996046Ca68b395DbC1071';
const USDT0_UNICHAIN = '0x9151434b16b9763660705744891fA906F660EcC5';
const FEE = 30_000_000_000_000n;
const AMOUNT = 1_000_000_000n;
const sample: FacetSample = {
  abi: glacisFacetAbi,
  functionName: 'startBridgeTokensViaGlacis',
  args: [
    testBaseBridgeData({
      bridge: 'glacis',
      sendingAssetId: USDT0_OPTIMISM,
      minAmount: AMOUNT,
      destinationChainId: 130n,
    }),
    {
      receiverAddress: padHex(USER_RECEIVER, { size: 32 }),
      // The test refunds to its own wallet; the person's account is who a real transfer refunds.
      refundAddress: USER_SENDER,
      nativeFee: FEE,
      outputToken: padHex(USDT0_UNICHAIN, { size: 32 }),
    },
  ],
  chosen: chosenFor({
    fromChainId: 10,
    toChainId: 130,
    fromToken: USDT0_OPTIMISM,
    fromAmount: AMOUNT,
    toToken: USDT0_UNICHAIN,
  }),
  value: FEE,
};

describe('GlacisFacet, encoded from GlacisFacet.t.sol', () => {
  it('reads receiver and output token, the fee, and names the amount as Glacis’ promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 10)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: USDT0_OPTIMISM,
        amountIn: AMOUNT,
        destinationChainId: 130,
        receiver: USER_RECEIVER,
        receivingToken: USDT0_UNICHAIN,
        nativeFee: FEE,
        promised: ['minAmountOut'],
      }),
    });
  });
  it('names the token as a promise when outputToken is left zero', () => {
    const result = lifiDiamond.decode(
      encodeSample(sample, withData({ outputToken: padHex('0x', { size: 32 }) })(sample.args)),
      10,
    );
    expect(result.ok && result.call.promised).toEqual(['receivingToken', 'minAmountOut']);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: USDT0_UNICHAIN }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: AMOUNT + 1n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 8453n }), 'DESTINATION_MISMATCH'],
      [
        'another receiver in both places',
        (a) => withData({ receiverAddress: padHex(ATTACKER, { size: 32 }) })(withBridge({ receiver: ATTACKER })(a)),
        'RECIPIENT_MISMATCH',
      ],
      [
        'another receiver for Airlift only',
        withData({ receiverAddress: padHex(ATTACKER, { size: 32 }) }),
        'UNDECODABLE_CALLDATA',
      ],
      ['another output token', withData({ outputToken: padHex(USDT0_OPTIMISM, { size: 32 }) }), 'TOKEN_MISMATCH'],
      ['a larger fee than the value', withData({ nativeFee: FEE + 1n }), 'VALUE_MISMATCH'],
      ['more value than the fee', (a) => a, 'VALUE_MISMATCH', FEE + 1n],
      ['another refund address', withData({ refundAddress: USER_REFUND }), 'REFUND_MISMATCH'],
    ]);
  });
});
