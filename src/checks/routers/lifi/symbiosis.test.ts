import { encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_USDC,
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  USER_RECEIVER,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { symbiosisFacetAbi } from '../../../contracts/lifi/symbiosis';
import { lifiDiamond } from '../lifiDiamond';

/** SymbiosisFacet.t.sol's symbiosisData: Symbiosis' own relay call, USDC approved, refunds to USER_SENDER. */
const RELAY_RECIPIENT = '0xb8f275fBf7A959F4BCE59999A2EF122A099e81A8';
const symbiosisData = {
  refundRecipient: USER_SENDER,
  nonEvmReceiver: `0x${'00'.repeat(32)}`,
  firstSwapCalldata: '0x',
  secondSwapCalldata: '0x',
  firstDexRouter: '0x0000000000000000000000000000000000000000',
  secondDexRouter: '0x0000000000000000000000000000000000000000',
  approvedTokens: [ADDRESS_USDC],
  callTo: RELAY_RECIPIENT,
  callData: encodeFunctionData({
    abi: parseAbi(['function receiveRequestV2(bytes _otherSideCalldata, address _receiveSide)']),
    args: ['0x', USER_RECEIVER],
  }),
  viaOnchainSwapV3: false,
  dex: '0x0000000000000000000000000000000000000000',
  dexgateway: '0x0000000000000000000000000000000000000000',
  onchainSwapData: '0x',
  fee: 0n,
  deadline: 0n,
  signature: '0x',
};
const sample: FacetSample = {
  abi: symbiosisFacetAbi,
  functionName: 'startBridgeTokensViaSymbiosis',
  args: [testBaseBridgeData({ bridge: 'symbiosis' }), symbiosisData],
  chosen: chosenFor(),
};

describe('SymbiosisFacet, encoded from SymbiosisFacet.t.sol', () => {
  it('proves only what leaves the sender; the rest is Symbiosis’ promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: ADDRESS_USDC,
        amountIn: 100_000_000n,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      }),
    });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['another refund recipient', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
      ['a destination call', withBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ]);
  });
});
