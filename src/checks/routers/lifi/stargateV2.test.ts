import { padHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  DEFAULT_USDC_AMOUNT,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  USDC_POLYGON,
  USER_RECEIVER,
  USER_REFUND,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { stargateFacetV2Abi } from '../../../contracts/lifi/stargateV2';
import { lifiDiamond } from '../lifiDiamond';

type StargateData = {
  assetId: number;
  sendParams: Record<string, unknown>;
  fee: { nativeFee: bigint; lzTokenFee: bigint };
  refundAddress: `0x${string}`;
};

const FEE = 250_000_000_000_000n;
/** StargateFacetV2.t.sol's stargateData (asset 1 = USDC, bus mode, 90% minimum), bound for Polygon (endpoint 30109). */
const stargateData = (): StargateData => ({
  assetId: 1,
  sendParams: {
    dstEid: 30109,
    to: padHex(USER_RECEIVER, { size: 32 }),
    amountLD: DEFAULT_USDC_AMOUNT,
    minAmountLD: (DEFAULT_USDC_AMOUNT * 90_000n) / 100_000n,
    extraOptions: '0x',
    composeMsg: '0x',
    oftCmd: '0x00',
  },
  fee: { nativeFee: FEE, lzTokenFee: 0n },
  refundAddress: USER_SENDER,
});
const withSend =
  (over: Record<string, unknown>) =>
  (args: readonly unknown[]): readonly unknown[] => {
    const data = args[1] as StargateData;
    return [args[0], { ...data, sendParams: { ...data.sendParams, ...over } }];
  };

const sample: FacetSample = {
  abi: stargateFacetV2Abi,
  functionName: 'startBridgeTokensViaStargate',
  args: [testBaseBridgeData({ bridge: 'stargate' }), stargateData()],
  chosen: chosenFor({ toAmountMin: 90_000_000n }),
  value: FEE,
};

describe('StargateFacetV2, encoded from StargateFacetV2.t.sol', () => {
  it('reads receiver, destination and minimum from sendParams, the token from Stargate’s definitions, and the fee', () => {
    const result = lifiDiamond.decode(encodeSample(sample), 1);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: USDC_POLYGON,
        minAmountOut: 90_000_000n,
        nativeFee: FEE,
      }),
    });
    expect(result.ok && result.call.promised).toBeUndefined();
  });
  it('leaves the token to the pool where Stargate’s definitions name none for the asset there', () => {
    // Asset 17 (METIS) has no pool on Polygon.
    const result = lifiDiamond.decode(encodeSample(sample, withData({ assetId: 17 })(sample.args)), 1);
    expect(result.ok && result.call.receivingToken).toBeUndefined();
    expect(result.ok && result.call.promised).toEqual(['receivingToken']);
  });
  it('refuses the test’s own endpoint 30150 (Kaia) beside a BridgeData bound for Polygon', () => {
    const result = lifiDiamond.decode(encodeSample(sample, withSend({ dstEid: 30150 })(sample.args)), 1);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/sends to chain 8217/) });
  });
  it('leaves the minimum to the pool where BNB Chain’s 18-decimal stablecoins are on one side', () => {
    const bnb = encodeSample(sample, [
      testBaseBridgeData({ destinationChainId: 56n }),
      { ...stargateData(), sendParams: { ...stargateData().sendParams, dstEid: 30102 } },
    ]);
    const result = lifiDiamond.decode(bnb, 1);
    expect(result.ok && result.call.minAmountOut).toBeUndefined();
    expect(result.ok && result.call.receivingToken).toBe('0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d');
    expect(result.ok && result.call.promised).toEqual(['minAmountOut']);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      [
        'another destination in both places',
        (a) => withSend({ dstEid: 30110 })(withBridge({ destinationChainId: 42161n })(a)),
        'DESTINATION_MISMATCH',
      ],
      ['another destination endpoint only', withSend({ dstEid: 30110 }), 'UNDECODABLE_CALLDATA'],
      ['an unknown endpoint', withSend({ dstEid: 39999 }), 'UNDECODABLE_CALLDATA'],
      [
        'another receiver in both places',
        (a) => withSend({ to: padHex(ATTACKER, { size: 32 }) })(withBridge({ receiver: ATTACKER })(a)),
        'RECIPIENT_MISMATCH',
      ],
      ['another receiver in sendParams only', withSend({ to: padHex(ATTACKER, { size: 32 }) }), 'UNDECODABLE_CALLDATA'],
      ['a lower minimum', withSend({ minAmountLD: 89_999_999n }), 'MINIMUM_TOO_LOW'],
      ['another asset (USDT arrives)', withData({ assetId: 2 }), 'TOKEN_MISMATCH'],
      ['a compose message (destination call)', withSend({ composeMsg: '0x1234' }), 'DESTINATION_CALL'],
      [
        'a larger fee than the value carries',
        withData({ fee: { nativeFee: FEE + 1n, lzTokenFee: 0n } }),
        'VALUE_MISMATCH',
      ],
      ['more value than the fee', (a) => a, 'VALUE_MISMATCH', FEE * 2n],
      ['a fee in LayerZero’s token', withData({ fee: { nativeFee: FEE, lzTokenFee: 1n } }), 'UNDECODABLE_CALLDATA'],
      ['another refund address', withData({ refundAddress: USER_REFUND }), 'REFUND_MISMATCH'],
    ]);
  });
});
