import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ATTACKER,
  chosenFor,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  NATIVE,
  testBaseBridgeData,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { ARBITRUM_NEAR_INTENTS } from '../../../../testing/wallet/lifiFacetRecorded';
import { nearIntentsFacetAbi } from '../../../contracts/lifi/nearIntents';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

const JUMPER_ACCOUNT = '0x638252F8B5977b5A870756955164319FC9dAdF5B';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const recorded = decodeFunctionData({ abi: nearIntentsFacetAbi, data: ARBITRUM_NEAR_INTENTS.data });

describe('NEARIntentsFacet, recorded: Jumper sending 0.01 ETH from Arbitrum for USDC on Ethereum', () => {
  const sample: FacetSample = {
    abi: nearIntentsFacetAbi,
    functionName: recorded.functionName,
    args: recorded.args,
    chosen: chosenFor({
      fromChainId: 42161,
      toChainId: 1,
      fromToken: NATIVE,
      toToken: USDC_ETHEREUM,
      fromAmount: 10_000_000_000_000_000n,
      account: JUMPER_ACCOUNT,
      recipient: JUMPER_ACCOUNT,
      toAmountMin: 22_399_888n,
    }),
    value: 10_000_000_000_000_000n,
  };

  it('reads what it can and names NEAR’s quote as the promise', () => {
    const result = lifiDiamond.decode(ARBITRUM_NEAR_INTENTS.data, 42161);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        functionName: 'startBridgeTokensViaNEARIntents',
        sendingToken: NATIVE,
        amountIn: 10_000_000_000_000_000n,
        destinationChainId: 1,
        receiver: JUMPER_ACCOUNT,
        minAmountOut: 22_399_888n,
        promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
        extra: { refundAddress: JUMPER_ACCOUNT, depositAddress: '0x1F0689934b8C462AC2BD647f85a07585ED92Bd74' },
      }),
    });
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['a larger amount', withBridge({ minAmount: 20_000_000_000_000_000n }), 'AMOUNT_MISMATCH'],
      ['more ETH in the value', (a) => a, 'VALUE_MISMATCH', 20_000_000_000_000_000n],
      ['another destination', withBridge({ destinationChainId: 10n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a lower minimum', withData({ minAmountOut: 22_399_887n }), 'MINIMUM_TOO_LOW'],
      ['another refund recipient', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
    ]);
  });
});

describe('NEARIntentsFacet, encoded from NEARIntentsFacet.t.sol: USDC to a Solana receiver', () => {
  const SOLANA_RECEIVER = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
  const sample: FacetSample = {
    abi: nearIntentsFacetAbi,
    functionName: 'startBridgeTokensViaNEARIntents',
    args: [
      testBaseBridgeData({
        bridge: 'near',
        receiver: LIFI_NON_EVM_ADDRESS,
        destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA),
      }),
      {
        nonEVMReceiver: solanaAddressToWord(SOLANA_RECEIVER),
        depositAddress: '0x0000000000000000000000000000000000000e4a',
        quoteId: `0x${'11'.repeat(32)}`,
        deadline: 1_800_000_000n,
        minAmountOut: 99_000_000n,
        refundRecipient: USER_SENDER,
        signature: `0x${'22'.repeat(65)}`,
      },
    ],
    chosen: chosenFor({
      toChainId: LIFI_CHAIN_ID_SOLANA,
      toToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      recipient: SOLANA_RECEIVER,
      toAmountMin: 99_000_000n,
    }),
  };
  it('reads the Solana receiver from the facet data as base58', () => {
    const call = lifiDiamond.decode(encodeSample(sample), 1);
    expect(call.ok && call.call.receiver).toBe(SOLANA_RECEIVER);
  });
  guardRefusesEachChange(sample, [
    [
      'another Solana receiver',
      withData({ nonEVMReceiver: solanaAddressToWord('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV') }),
      'RECIPIENT_MISMATCH',
    ],
    ['no receiver at all', withData({ nonEVMReceiver: `0x${'00'.repeat(32)}` }), 'UNDECODABLE_CALLDATA'],
    ['a lower minimum', withData({ minAmountOut: 98_999_999n }), 'MINIMUM_TOO_LOW'],
    [
      'another token sent',
      withBridge({ sendingAssetId: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }),
      'TOKEN_MISMATCH',
    ],
  ]);
});
