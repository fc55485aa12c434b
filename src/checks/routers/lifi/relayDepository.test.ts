import { decodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  type FacetSample,
  guardRefusesEachChange,
  NATIVE,
  testBaseBridgeData,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { ARBITRUM_RELAY_DEPOSITORY } from '../../../../testing/wallet/lifiFacetRecorded';
import { relayDepositoryFacetAbi } from '../../../contracts/lifi/relayDepository';
import { LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { checkStepTransaction, promisedFigures } from '../../guards';
import { lifiDiamond } from '../lifiDiamond';

const JUMPER_ACCOUNT = '0x638252F8B5977b5A870756955164319FC9dAdF5B';
const recorded = decodeFunctionData({ abi: relayDepositoryFacetAbi, data: ARBITRUM_RELAY_DEPOSITORY.data });

describe('RelayDepositoryFacet, recorded: Jumper sending ETH from Arbitrum to Ethereum', () => {
  const chosen = chosenFor({
    fromChainId: 42161,
    toChainId: 1,
    fromToken: NATIVE,
    toToken: NATIVE,
    fromAmount: 11_742_683_808_686_867n,
    account: JUMPER_ACCOUNT,
    recipient: JUMPER_ACCOUNT,
    toAmountMin: 11_700_000_000_000_000n,
  });
  const sample: FacetSample = {
    abi: relayDepositoryFacetAbi,
    functionName: recorded.functionName,
    args: recorded.args,
    chosen,
    value: 11_742_683_808_686_867n,
  };

  it('reads the deposit and names the rest as Relay’s promise', () => {
    expect(lifiDiamond.decode(ARBITRUM_RELAY_DEPOSITORY.data, 42161)).toEqual({
      ok: true,
      call: {
        kind: 'bridge',
        functionName: 'startBridgeTokensViaRelayDepository',
        sendingToken: NATIVE,
        amountIn: 11_742_683_808_686_867n,
        destinationChainId: 1,
        receiver: JUMPER_ACCOUNT,
        hasSourceSwaps: false,
        hasDestinationCall: false,
        promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
        extra: {
          refundAddress: JUMPER_ACCOUNT,
          orderId: '0x70e78cacbe01685bf25d641d35c91cbaf5a002dfe83fe53964365485173a9f46',
        },
      },
    });
  });

  it('passes the guard unchanged, as recorded', () => {
    expect(
      checkStepTransaction(
        { ...ARBITRUM_RELAY_DEPOSITORY, from: JUMPER_ACCOUNT, data: ARBITRUM_RELAY_DEPOSITORY.data },
        chosen,
      ),
    ).toEqual({ ok: true });
  });

  it('hands the review the figures to name as Relay’s promise', () => {
    const tx = { ...ARBITRUM_RELAY_DEPOSITORY, from: JUMPER_ACCOUNT };
    expect(promisedFigures(tx, 42161)).toEqual(['receiver', 'destinationChain', 'receivingToken', 'minAmountOut']);
    expect(promisedFigures({ ...tx, data: '0x' }, 42161)).toEqual([]);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      [
        'a larger amount',
        withBridge({ minAmount: 11_742_683_808_686_868n }),
        'VALUE_MISMATCH',
        11_742_683_808_686_868n,
      ],
      ['a larger amount in the calldata alone', withBridge({ minAmount: 11_742_683_808_686_868n }), 'AMOUNT_MISMATCH'],
      ['a token instead of ETH', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 10n }), 'DESTINATION_MISMATCH'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['a non-EVM receiver it does not name', withBridge({ receiver: LIFI_NON_EVM_ADDRESS }), 'UNDECODABLE_CALLDATA'],
      ['another depositor (who Relay refunds)', withData({ depositorAddress: ATTACKER }), 'REFUND_MISMATCH'],
    ]);
  });
});

describe('RelayDepositoryFacet, encoded from RelayDepositoryFacet.t.sol', () => {
  // validDepositoryData: orderId bytes32("test-order-id"), depositorAddress USER_SENDER.
  const sample: FacetSample = {
    abi: relayDepositoryFacetAbi,
    functionName: 'startBridgeTokensViaRelayDepository',
    args: [
      testBaseBridgeData({ bridge: 'relaydepository' }),
      { orderId: '0x746573742d6f726465722d696400000000000000000000000000000000000000', depositorAddress: USER_SENDER },
    ],
    chosen: chosenFor(),
  };
  guardRefusesEachChange(sample, [
    ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
    ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
    ['native coin sent beside a token', (a) => a, 'VALUE_MISMATCH', 1n],
    ['another destination', withBridge({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
    ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
    ['a destination call', withBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ['another depositor', withData({ depositorAddress: ATTACKER }), 'REFUND_MISMATCH'],
  ]);
});
