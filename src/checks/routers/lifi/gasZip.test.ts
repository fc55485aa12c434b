import { describe, expect, it } from 'vitest';
import {
  ADDRESS_USDC,
  ATTACKER,
  chosenFor,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  NATIVE,
  testBaseBridgeData,
  USER_RECEIVER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { gasZipFacetAbi } from '../../../contracts/lifi/gasZip';
import { lifiDiamond } from '../lifiDiamond';

/** bytes32(bytes20(address)): Gas.zip's right-padded receiver. */
const rightPadded = (address: string) => `0x${address.slice(2).toLowerCase()}${'00'.repeat(12)}`;
const AMOUNT = 10n ** 18n;
/** GasZipFacet.t.sol: 1 ETH of gas to USER_RECEIVER on Gas.zip chain 96, BridgeData to Polygon. */
const sample: FacetSample = {
  abi: gasZipFacetAbi,
  functionName: 'startBridgeTokensViaGasZip',
  args: [
    testBaseBridgeData({ bridge: 'GasZip', sendingAssetId: NATIVE, minAmount: AMOUNT }),
    { receiverAddress: rightPadded(USER_RECEIVER), destinationChains: 96n },
  ],
  chosen: chosenFor({ fromToken: NATIVE, fromAmount: AMOUNT, toToken: NATIVE }),
  value: AMOUNT,
};

describe('GasZipFacet, encoded from GasZipFacet.t.sol', () => {
  it('reads the right-padded receiver, and names the chain and amount as Gas.zip’s promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: NATIVE,
        amountIn: AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: NATIVE,
        promised: ['destinationChain', 'minAmountOut'],
        extra: { gasZipChain: 96n },
      }),
    });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['a larger amount', withBridge({ minAmount: AMOUNT + 1n }), 'AMOUNT_MISMATCH'],
      ['more value', (a) => a, 'VALUE_MISMATCH', AMOUNT + 1n],
      ['a token instead of the native coin', withBridge({ sendingAssetId: ADDRESS_USDC }), 'UNDECODABLE_CALLDATA'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      [
        'another receiver in both places',
        (a) => withData({ receiverAddress: rightPadded(ATTACKER) })(withBridge({ receiver: ATTACKER })(a)),
        'RECIPIENT_MISMATCH',
      ],
      [
        'another receiver for Gas.zip only',
        withData({ receiverAddress: rightPadded(ATTACKER) }),
        'UNDECODABLE_CALLDATA',
      ],
      [
        'a left-padded receiver',
        withData({ receiverAddress: `0x${'00'.repeat(12)}${USER_RECEIVER.slice(2)}` }),
        'UNDECODABLE_CALLDATA',
      ],
      ['a split across two chains', withData({ destinationChains: (96n << 16n) | 17n }), 'UNDECODABLE_CALLDATA'],
    ]);
  });
});
