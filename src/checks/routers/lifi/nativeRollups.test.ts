import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DAI,
  ADDRESS_USDC,
  ATTACKER,
  chosenFor,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  NATIVE,
  testBaseBridgeData,
  USER_RECEIVER,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { arbitrumBridgeFacetAbi } from '../../../contracts/lifi/arbitrumBridge';
import { optimismBridgeFacetAbi } from '../../../contracts/lifi/optimismBridge';
import { lifiDiamond } from '../lifiDiamond';

/** OptimismBridgeFacet.t.sol: 10 DAI from Ethereum to its holder on Optimism, minted as Optimism's DAI. */
const DAI_L1_HOLDER = '0x4943b0C9959dcf58871A799dfB71becE0D97c9f4';
const DAI_L2 = '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1';
const TEN_DAI = 10n * 10n ** 18n;
const optimism: FacetSample = {
  abi: optimismBridgeFacetAbi,
  functionName: 'startBridgeTokensViaOptimismBridge',
  args: [
    testBaseBridgeData({
      bridge: 'optimism',
      sendingAssetId: ADDRESS_DAI,
      receiver: DAI_L1_HOLDER,
      minAmount: TEN_DAI,
      destinationChainId: 10n,
    }),
    { assetIdOnL2: DAI_L2, l2Gas: 200_000, isSynthetix: false },
  ],
  chosen: chosenFor({
    toChainId: 10,
    fromToken: ADDRESS_DAI,
    fromAmount: TEN_DAI,
    toToken: DAI_L2,
    account: DAI_L1_HOLDER,
    recipient: DAI_L1_HOLDER,
    toAmountMin: TEN_DAI,
  }),
};

describe('OptimismBridgeFacet, encoded from OptimismBridgeFacet.t.sol', () => {
  it('proves everything: the amount, minted 1:1 as the L2 token to the receiver on Optimism', () => {
    const result = lifiDiamond.decode(encodeSample(optimism), 1);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: ADDRESS_DAI,
        amountIn: TEN_DAI,
        destinationChainId: 10,
        receiver: DAI_L1_HOLDER,
        receivingToken: DAI_L2,
        minAmountOut: TEN_DAI,
      }),
    });
    expect(result.ok && result.call.promised).toBeUndefined();
  });
  it('refuses it from another chain than Ethereum, where the diamond has no such bridge', () => {
    expect(lifiDiamond.decode(encodeSample(optimism), 42161)).toMatchObject({ ok: false });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(optimism, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDC }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: TEN_DAI + 1n }), 'AMOUNT_MISMATCH'],
      ['another destination than Optimism', withBridge({ destinationChainId: 8453n }), 'UNDECODABLE_CALLDATA'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['another L2 token', withData({ assetIdOnL2: ADDRESS_USDC }), 'TOKEN_MISMATCH'],
      ['native coin beside DAI', (a) => a, 'VALUE_MISMATCH', 1n],
    ]);
  });
});

/** ArbitrumBridgeFacet.t.sol: 1 ETH to Arbitrum, a ticket of at most 1e16 + 100,000 × 1 gwei. */
const ONE_ETH = 10n ** 18n;
const TICKET = 10n ** 16n + 100_000n * 10n ** 9n;
const arbitrum: FacetSample = {
  abi: arbitrumBridgeFacetAbi,
  functionName: 'startBridgeTokensViaArbitrumBridge',
  args: [
    testBaseBridgeData({ bridge: 'arbitrum', sendingAssetId: NATIVE, minAmount: ONE_ETH, destinationChainId: 42161n }),
    { maxSubmissionCost: 10n ** 16n, maxGas: 100_000n, maxGasPrice: 10n ** 9n },
  ],
  chosen: chosenFor({
    toChainId: 42161,
    fromToken: NATIVE,
    fromAmount: ONE_ETH,
    toToken: NATIVE,
    toAmountMin: ONE_ETH,
  }),
  value: ONE_ETH + TICKET,
};

describe('ArbitrumBridgeFacet, encoded from ArbitrumBridgeFacet.t.sol', () => {
  it('proves everything for ETH: the amount 1:1 to the receiver, the ticket’s cost on top', () => {
    expect(lifiDiamond.decode(encodeSample(arbitrum), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: NATIVE,
        amountIn: ONE_ETH,
        destinationChainId: 42161,
        receiver: USER_RECEIVER,
        receivingToken: NATIVE,
        minAmountOut: ONE_ETH,
        nativeFee: TICKET,
      }),
    });
  });
  it('names the token an ERC-20 becomes as the gateway’s promise', () => {
    const usdc = encodeSample(arbitrum, [
      testBaseBridgeData({ destinationChainId: 42161n }),
      { maxSubmissionCost: 10n ** 16n, maxGas: 100_000n, maxGasPrice: 10n ** 9n },
    ]);
    const result = lifiDiamond.decode(usdc, 1);
    expect(result.ok && result.call.promised).toEqual(['receivingToken']);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(arbitrum, [
      ['a larger amount', withBridge({ minAmount: ONE_ETH + 1n }), 'AMOUNT_MISMATCH'],
      [
        'a larger amount in value and calldata',
        withBridge({ minAmount: ONE_ETH + 1n }),
        'VALUE_MISMATCH',
        ONE_ETH + 1n + TICKET,
      ],
      ['a dearer ticket than the value carries', withData({ maxGasPrice: 2n * 10n ** 9n }), 'VALUE_MISMATCH'],
      ['more value than amount and ticket', (a) => a, 'VALUE_MISMATCH', ONE_ETH + TICKET + 1n],
      ['another destination than Arbitrum', withBridge({ destinationChainId: 42170n }), 'UNDECODABLE_CALLDATA'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a sender other than the account', withBridge({ receiver: USER_SENDER }), 'RECIPIENT_MISMATCH'],
    ]);
  });
});
