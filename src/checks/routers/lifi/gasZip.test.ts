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
/**
 * GasZipFacet.t.sol's call, 1 ETH of gas to USER_RECEIVER, BridgeData to Polygon, with Gas.zip's own id of Polygon
 * (17, src/contracts/gasZipChains.ts) where the test writes 96 (Blast): the facet does not relate the two.
 */
const sample: FacetSample = {
  abi: gasZipFacetAbi,
  functionName: 'startBridgeTokensViaGasZip',
  args: [
    testBaseBridgeData({ bridge: 'GasZip', sendingAssetId: NATIVE, minAmount: AMOUNT }),
    { receiverAddress: rightPadded(USER_RECEIVER), destinationChains: 17n },
  ],
  chosen: chosenFor({ fromToken: NATIVE, fromAmount: AMOUNT, toToken: NATIVE }),
  value: AMOUNT,
};

describe('GasZipFacet, encoded from GasZipFacet.t.sol', () => {
  it('reads the right-padded receiver, proves the chain by Gas.zip’s id, and names the amount as its promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: NATIVE,
        amountIn: AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: NATIVE,
        promised: ['minAmountOut'],
        extra: { gasZipChain: 17n },
      }),
    });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['a larger amount', withBridge({ minAmount: AMOUNT + 1n }), 'AMOUNT_MISMATCH'],
      ['more value', (a) => a, 'VALUE_MISMATCH', AMOUNT + 1n],
      ['a token instead of the native coin', withBridge({ sendingAssetId: ADDRESS_USDC }), 'UNDECODABLE_CALLDATA'],
      [
        'another destination in both places',
        (a) => withData({ destinationChains: 57n })(withBridge({ destinationChainId: 42161n })(a)),
        'DESTINATION_MISMATCH',
      ],
      ['another destination in BridgeData only', withBridge({ destinationChainId: 42161n }), 'UNDECODABLE_CALLDATA'],
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
      // GasZipFacet.t.sol's own id: Blast's, while BridgeData says Polygon.
      ['Gas.zip’s id of another chain', withData({ destinationChains: 96n }), 'UNDECODABLE_CALLDATA'],
      ['Gas.zip’s id of the chosen source chain', withData({ destinationChains: 255n }), 'UNDECODABLE_CALLDATA'],
    ]);
  });
});

describe('GasZipFacet, a Gas.zip id the published table lacks', () => {
  it('keeps the chain as Gas.zip’s promise', () => {
    const unknown = withData({ destinationChains: 65000n })(sample.args);
    const decoded = lifiDiamond.decode(encodeSample({ ...sample, args: unknown }), 1);
    expect(decoded).toEqual({
      ok: true,
      call: expect.objectContaining({ promised: ['destinationChain', 'minAmountOut'] }),
    });
  });
});
