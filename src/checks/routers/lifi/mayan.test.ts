import { encodeFunctionData, type Hex, pad } from 'viem';
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
import { mayanProtocolAbi } from '../../../contracts/lifi/mayanProtocol';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord, wordToSolanaAddress } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

/** MayanFacet.t.sol's validMayanData: 100 USDC on Ethereum to USDT on Polygon, protocolData from Mayan's SDK. */
const PROTOCOL_DATA =
  '0xafd9b706000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb480000000000000000000000000000000000000000000000000000000005f5e10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000abc6543210000000000000000000000000000000000000000000000000000000000000005000000000000000000000000c2132d05d31c914a87c6611c10748aeb04b58e8f0000000000000000000000000000000000000000000000000000000005aa76a8000000000000000000000000000000000000000000000000000000006655d64300000000000000000000000000000000000000000000000000000000001ff535000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000007000000000000000000000000f18f923480dc144326e6c65d4f3d47aa459bb41c000000000000000000000000f18f923480dc144326e6c65d4f3d47aa459bb41c';
const POLYGON_USDT = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const word = (address: string): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/** PROTOCOL_DATA's MayanCircle order with some of its fields changed, encoded as Mayan's contract takes it. */
function circleOrder(change: { destChain?: number; tokenOut?: Hex; minAmountOut?: bigint; destAddr?: Hex }): Hex {
  return encodeFunctionData({
    abi: mayanProtocolAbi,
    functionName: 'createOrder',
    args: [
      {
        tokenIn: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amountIn: DEFAULT_USDC_AMOUNT,
        gasDrop: 0n,
        destAddr: change.destAddr ?? `0x${'0'.repeat(55)}abc654321`,
        destChain: change.destChain ?? 5,
        tokenOut: change.tokenOut ?? word(POLYGON_USDT),
        minAmountOut: change.minAmountOut ?? 95_057_576n,
        deadline: 1716901443n,
        redeemFee: 2094389n,
        referrerAddr: `0x${'00'.repeat(32)}`,
        referrerBps: 0,
      },
      {
        nonce: 7,
        r: word('0xf18f923480dc144326e6c65d4f3d47aa459bb41c'),
        s: word('0xf18f923480dc144326e6c65d4f3d47aa459bb41c'),
      },
    ],
  });
}

/** A MayanSwift v2 order (createOrderWithToken, 0xa3a30834) for the same transfer: its minimum in Mayan's units. */
function swiftOrder(change: { destChainId?: number; tokenOut?: Hex }): Hex {
  return encodeFunctionData({
    abi: mayanProtocolAbi,
    functionName: 'createOrderWithToken',
    args: [
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      DEFAULT_USDC_AMOUNT,
      {
        payloadType: 1,
        trader: word(USER_RECEIVER),
        destAddr: word(USER_RECEIVER),
        destChainId: change.destChainId ?? 5,
        referrerAddr: `0x${'00'.repeat(32)}`,
        tokenOut: change.tokenOut ?? word(POLYGON_USDT),
        minAmountOut: 9_505_757n,
        gasDrop: 0n,
        cancelFee: 0n,
        refundFee: 0n,
        deadline: 1716901443n,
        referrerBps: 0,
        auctionMode: 2,
        random: `0x${'11'.repeat(32)}`,
      },
      '0x',
    ],
  });
}
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
  it('reads the receiver the facet proves, and proves chain, token and minimum by Mayan’s own order', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 137,
        receiver: USER_RECEIVER,
        receivingToken: POLYGON_USDT,
        minAmountOut: 95_057_576n,
      }),
    });
    const decoded = lifiDiamond.decode(encodeSample(sample), 1);
    expect(decoded.ok && decoded.call.promised).toBeUndefined();
  });

  it('reads its own encoding of that order back to the same protocolData', () => {
    expect(circleOrder({})).toBe(PROTOCOL_DATA);
  });
  it('reads a Solana receiver from nonEVMReceiver as base58', () => {
    const receiver = wordToSolanaAddress('0x4cb7c5f1632114c376c0e7a9a1fd1fbd562699fbd9a0c9f4f26ba8cf6e23df0d');
    const data = encodeSample(sample, [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      {
        ...mayanData,
        nonEVMReceiver: solanaAddressToWord(receiver),
        protocolData: circleOrder({ destChain: 1, destAddr: solanaAddressToWord(receiver) }),
      },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && result.call.receiver).toBe(receiver);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      [
        'another destination in both places',
        (a) =>
          withData({ protocolData: circleOrder({ destChain: 23 }) })(withBridge({ destinationChainId: 42161n })(a)),
        'DESTINATION_MISMATCH',
      ],
      ['another destination in BridgeData only', withBridge({ destinationChainId: 42161n }), 'UNDECODABLE_CALLDATA'],
      [
        'another destination in Mayan’s order only',
        withData({ protocolData: circleOrder({ destChain: 23 }) }),
        'UNDECODABLE_CALLDATA',
      ],
      [
        'another token in Mayan’s order',
        withData({ protocolData: circleOrder({ tokenOut: word(ATTACKER) }) }),
        'TOKEN_MISMATCH',
      ],
      [
        'an unreadable token in Mayan’s order',
        withData({ protocolData: circleOrder({ tokenOut: `0x${'ff'.repeat(32)}` }) }),
        'UNDECODABLE_CALLDATA',
      ],
      [
        'a lower minimum in Mayan’s order',
        withData({ protocolData: circleOrder({ minAmountOut: 94_999_999n }) }),
        'MINIMUM_TOO_LOW',
      ],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a non-EVM receiver left empty', withBridge({ receiver: LIFI_NON_EVM_ADDRESS }), 'UNDECODABLE_CALLDATA'],
      ['leftovers refunded to someone else', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
      ['a destination call', withBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ]);
  });
});

describe('MayanFacet with a MayanSwift v2 order', () => {
  const swift: FacetSample = { ...sample, args: withData({ protocolData: swiftOrder({}) })(sample.args) };

  it('proves chain and token by the order; its minimum, in Mayan’s own units, stays Mayan’s promise', () => {
    expect(lifiDiamond.decode(encodeSample(swift), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        destinationChainId: 137,
        receivingToken: POLYGON_USDT,
        promised: ['minAmountOut'],
      }),
    });
  });

  describe('each field of the order changed', () => {
    guardRefusesEachChange(swift, [
      ['another destination', withData({ protocolData: swiftOrder({ destChainId: 30 }) }), 'UNDECODABLE_CALLDATA'],
      ['another token', withData({ protocolData: swiftOrder({ tokenOut: word(ADDRESS_USDT) }) }), 'TOKEN_MISMATCH'],
      [
        'the native coin',
        withData({ protocolData: swiftOrder({ tokenOut: `0x${'00'.repeat(32)}` }) }),
        'TOKEN_MISMATCH',
      ],
    ]);
  });

  it('leaves the figures promised for an order of a chain Wormhole’s table lacks', () => {
    const unknown = withData({ protocolData: swiftOrder({ destChainId: 21 }) })(sample.args);
    const decoded = lifiDiamond.decode(encodeSample({ ...sample, args: unknown }), 1);
    expect(decoded.ok && decoded.call.promised).toEqual(['destinationChain', 'receivingToken', 'minAmountOut']);
  });
});
