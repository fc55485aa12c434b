import { describe, expect, it } from 'vitest';
import {
  ADDRESS_DAI,
  ADDRESS_USDC,
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  daiToUsdcSwap,
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
import { polymerCctpFacetAbi, SOLANA_USDC_MINT } from '../../../contracts/lifi/polymerCctp';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

/** PolymerCCTPFacet.t.sol's validPolymerData: 1,000 USDC to Base, 1% Polymer fee, at most 10% CCTP fee, fast path. */
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const AMOUNT = 1_000_000_000n;
const polymerData = {
  polymerTokenFee: AMOUNT / 100n,
  maxCCTPFee: (AMOUNT / 100n) * 10n,
  nonEVMReceiver: `0x${'00'.repeat(32)}`,
  solanaReceiverATA: `0x${'00'.repeat(32)}`,
  minFinalityThreshold: 1000,
  refundRecipient: USER_REFUND,
  hookData: '0x',
};
const sample: FacetSample = {
  abi: polymerCctpFacetAbi,
  functionName: 'startBridgeTokensViaPolymerCCTP',
  args: [testBaseBridgeData({ bridge: 'polymercctp', minAmount: AMOUNT, destinationChainId: 8453n }), polymerData],
  chosen: chosenFor({ toChainId: 8453, fromAmount: AMOUNT, toToken: USDC_BASE, toAmountMin: 890_000_000n }),
};

describe('PolymerCCTPFacet, encoded from PolymerCCTPFacet.t.sol', () => {
  it('proves Base’s native USDC to the receiver, at least the amount less both fees', () => {
    const result = lifiDiamond.decode(encodeSample(sample), 1);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        sendingToken: ADDRESS_USDC,
        amountIn: AMOUNT,
        destinationChainId: 8453,
        receiver: USER_RECEIVER,
        receivingToken: USDC_BASE,
        minAmountOut: 890_000_000n,
      }),
    });
    expect(result.ok && result.call.promised).toBeUndefined();
  });
  it('reads a Solana owner as the receiver, and names it as Polymer’s promise (the ATA is not tied to it)', () => {
    const owner = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
    const data = encodeSample(sample, [
      testBaseBridgeData({
        receiver: LIFI_NON_EVM_ADDRESS,
        minAmount: AMOUNT,
        destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA),
      }),
      { ...polymerData, nonEVMReceiver: solanaAddressToWord(owner), solanaReceiverATA: `0x${'ab'.repeat(32)}` },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && [result.call.receiver, result.call.receivingToken, result.call.promised]).toEqual([
      owner,
      SOLANA_USDC_MINT,
      ['receiver'],
    ]);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: AMOUNT + 1n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a larger Polymer fee', withData({ polymerTokenFee: AMOUNT / 100n + 1n }), 'MINIMUM_TOO_LOW'],
      ['a larger CCTP fee', withData({ maxCCTPFee: (AMOUNT / 100n) * 10n + 1n }), 'MINIMUM_TOO_LOW'],
      ['fees above the amount', withData({ polymerTokenFee: AMOUNT, maxCCTPFee: 1n }), 'UNDECODABLE_CALLDATA'],
      [
        'a non-EVM destination other than Solana',
        withBridge({ receiver: LIFI_NON_EVM_ADDRESS }),
        'UNDECODABLE_CALLDATA',
      ],
    ]);
  });
});

describe('PolymerCCTPFacet.swapAndStartBridgeTokensViaPolymerCCTP: DAI swapped into USDC first', () => {
  const swap = daiToUsdcSwap();
  const withSwaps: FacetSample = {
    abi: polymerCctpFacetAbi,
    functionName: 'swapAndStartBridgeTokensViaPolymerCCTP',
    args: [
      testBaseBridgeData({ minAmount: AMOUNT, destinationChainId: 8453n, hasSourceSwaps: true }),
      [swap],
      { ...polymerData, refundRecipient: USER_SENDER },
    ],
    chosen: chosenFor({
      toChainId: 8453,
      fromToken: ADDRESS_DAI,
      fromAmount: swap.fromAmount,
      toToken: USDC_BASE,
      toAmountMin: 890_000_000n,
    }),
  };
  guardRefusesEachChange(withSwaps, [
    ['leftovers refunded to someone else', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
    [
      'a larger swap deposit',
      (a) => [a[0], [daiToUsdcSwap({ fromAmount: swap.fromAmount + 1n })], a[2]],
      'AMOUNT_MISMATCH',
    ],
  ]);
});
