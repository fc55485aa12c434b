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
  USER_RECEIVER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { mayanFacetAbi } from '../../../contracts/lifi/mayan';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord, wordToSolanaAddress } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

/** MayanFacet.t.sol's validMayanData: 100 USDC on Ethereum to USDT on Polygon, protocolData from Mayan's SDK. */
const PROTOCOL_DATA =
  '0xafd9b706000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb480000000000000000000000000000000000000000000000000000000005f5e10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000abc6543210000000000000000000000000000000000000000000000000000000000000005000000000000000000000000c2132d05d31c914a87c6611c10748aeb04b58e8f0000000000000000000000000000000000000000000000000000000005aa76a8000000000000000000000000000000000000000000000000000000006655d64300000000000000000000000000000000000000000000000000000000001ff535000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007000000000000000000000000f18f923480dc144326e6c65d4f3d47aa459bb41c000000000000000000000000f18f923480dc144326e6c65d4f3d47aa459bb41c';
const POLYGON_USDT = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const mayanData = {
  nonEVMReceiver: `0x${'00'.repeat(32)}`,
  mayanProtocol: '0xF18f923480dC144326e6C65d4F3D47Aa459bb41C',
  protocolData: PROTOCOL_DATA,
  swapProtocol: '0x0000000000000000000000000000000000000000',
  swapData: '0x',
  middleToken: '0x0000000000000000000000000000000000000000',
  minMiddleAmount: 0n,
  refundRecipient: USER_RECEIVER,
  mayanAmountIn: DEFAULT_USDC_AMOUNT,
};
const sample: FacetSample = {
  abi: mayanFacetAbi,
  functionName: 'startBridgeTokensViaMayan',
  args: [testBaseBridgeData({ bridge: 'mayanBridge' }), mayanData],
  chosen: chosenFor({ toToken: POLYGON_USDT, toAmountMin: 95_000_000n }),
};

describe('MayanFacet, encoded from MayanFacet.t.sol', () => {
  it('reads the receiver the facet proves, and names the order’s figures as Mayan’s promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        promised: ['destinationChain', 'receivingToken', 'minAmountOut'],
      }),
    });
  });
  it('reads a Solana receiver from nonEVMReceiver as base58', () => {
    const receiver = wordToSolanaAddress('0x4cb7c5f1632114c376c0e7a9a1fd1fbd562699fbd9a0c9f4f26ba8cf6e23df0d');
    const data = encodeSample(sample, [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      { ...mayanData, nonEVMReceiver: solanaAddressToWord(receiver) },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && result.call.receiver).toBe(receiver);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a non-EVM receiver left empty', withBridge({ receiver: LIFI_NON_EVM_ADDRESS }), 'UNDECODABLE_CALLDATA'],
      ['leftovers refunded to someone else', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
      ['a destination call', withBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ]);
  });
});
