import { encodeAbiParameters, encodeFunctionData, keccak256, parseAbi, stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ECO_SOLANA_AMOUNT,
  ECO_SOLANA_ATA,
  ECO_SOLANA_MINT,
  ECO_SOLANA_RECEIVER,
  ECO_SOLANA_ROUTE,
  ecoRouteWith,
} from '../../../../testing/wallet/ecoSolanaRoute';
import {
  ADDRESS_USDC,
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  DEFAULT_USDC_AMOUNT,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  USER_RECEIVER,
  USER_SENDER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { ecoFacetAbi, ecoRouteParameters } from '../../../contracts/lifi/eco';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { lifiDiamond } from '../lifiDiamond';

const PORTAL = '0x399Dbd5DF04f83103F77A58cBa2B7c4d3cdede97';
const transferAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

/** EcoFacet.t.sol's `_createEncodedRoute`: one token, one call, `token.transfer(receiver, amount)`. */
function encodedRoute(receiver: `0x${string}`, token: `0x${string}`, amount: bigint) {
  return encodeAbiParameters(ecoRouteParameters, [
    {
      salt: keccak256(stringToHex('eco.route.test')),
      deadline: 1_800_086_400n,
      portal: PORTAL,
      nativeAmount: 0n,
      tokens: [{ token, amount }],
      calls: [{ target: token, callData: encodeFunctionData({ abi: transferAbi, args: [receiver, amount] }) }],
    },
  ]);
}

/** `_getValidEcoData`: the route pays USER_RECEIVER the bridged token and amount on Optimism (10). */
const ecoData = {
  nonEVMReceiver: '0x',
  prover: '0x0000000000000000000000000000000000001234',
  rewardDeadline: 1_800_172_800n,
  encodedRoute: encodedRoute(USER_RECEIVER, ADDRESS_USDC, DEFAULT_USDC_AMOUNT),
  solanaATA: `0x${'00'.repeat(32)}`,
  refundRecipient: USER_SENDER,
};
const sample: FacetSample = {
  abi: ecoFacetAbi,
  functionName: 'startBridgeTokensViaEco',
  args: [testBaseBridgeData({ bridge: 'eco', destinationChainId: 10n }), ecoData],
  // The facet's test pays the same token address on the destination; a real route names the destination's token.
  chosen: chosenFor({ toChainId: 10, toToken: ADDRESS_USDC, toAmountMin: DEFAULT_USDC_AMOUNT }),
};

describe('EcoFacet, encoded from EcoFacet.t.sol', () => {
  it('proves token, amount and receiver from the route the intent is bound to', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 10,
        receiver: USER_RECEIVER,
        receivingToken: ADDRESS_USDC,
        minAmountOut: DEFAULT_USDC_AMOUNT,
      }),
    });
    const result = lifiDiamond.decode(encodeSample(sample), 1);
    expect(result.ok && result.call.promised).toBeUndefined();
  });
  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger reward', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      ['another destination', withBridge({ destinationChainId: 8453n }), 'DESTINATION_MISMATCH'],
      [
        'a route paying someone else',
        (a) =>
          withData({ encodedRoute: encodedRoute(ATTACKER, ADDRESS_USDC, DEFAULT_USDC_AMOUNT) })(
            withBridge({ receiver: ATTACKER })(a),
          ),
        'RECIPIENT_MISMATCH',
      ],
      [
        'a route paying someone else than BridgeData’s receiver',
        withData({ encodedRoute: encodedRoute(ATTACKER, ADDRESS_USDC, DEFAULT_USDC_AMOUNT) }),
        'UNDECODABLE_CALLDATA',
      ],
      [
        'a route paying another token',
        withData({ encodedRoute: encodedRoute(USER_RECEIVER, ADDRESS_USDT, DEFAULT_USDC_AMOUNT) }),
        'TOKEN_MISMATCH',
      ],
      [
        'a route paying less',
        withData({ encodedRoute: encodedRoute(USER_RECEIVER, ADDRESS_USDC, DEFAULT_USDC_AMOUNT - 1n) }),
        'MINIMUM_TOO_LOW',
      ],
      ['a route that is not a transfer', withData({ encodedRoute: '0x1234' }), 'UNDECODABLE_CALLDATA'],
      ['another refund recipient', withData({ refundRecipient: ATTACKER }), 'REFUND_MISMATCH'],
    ]);
  });
});

describe('EcoFacet to Solana, test_BridgeToSolanaWithEncodedRoute', () => {
  const solana: FacetSample = {
    abi: ecoFacetAbi,
    functionName: 'startBridgeTokensViaEco',
    args: [
      testBaseBridgeData({
        bridge: 'eco',
        receiver: LIFI_NON_EVM_ADDRESS,
        destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA),
      }),
      {
        ...ecoData,
        nonEVMReceiver: stringToHex(ECO_SOLANA_RECEIVER),
        encodedRoute: ECO_SOLANA_ROUTE,
        solanaATA: ECO_SOLANA_ATA,
      },
    ],
    chosen: chosenFor({
      toChainId: LIFI_CHAIN_ID_SOLANA,
      toToken: ECO_SOLANA_MINT,
      recipient: ECO_SOLANA_RECEIVER,
      toAmountMin: ECO_SOLANA_AMOUNT,
    }),
  };

  it('proves receiver, token and amount by recomputing the receiver’s token account', () => {
    const result = lifiDiamond.decode(encodeSample(solana), 1);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        receiver: ECO_SOLANA_RECEIVER,
        receivingToken: ECO_SOLANA_MINT,
        minAmountOut: ECO_SOLANA_AMOUNT,
      }),
    });
    expect(result.ok && result.call.promised).toBeUndefined();
  });

  describe('each field changed alone', () => {
    const otherOwner = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
    guardRefusesEachChange(solana, [
      ['another receiver', withData({ nonEVMReceiver: stringToHex(otherOwner) }), 'UNDECODABLE_CALLDATA'],
      // The destination account (251..283) and solanaATA both someone else's.
      [
        'another token account in route and solanaATA',
        withData({ encodedRoute: ecoRouteWith(251, 'ee'.repeat(32)), solanaATA: `0x${'ee'.repeat(32)}` }),
        'UNDECODABLE_CALLDATA',
      ],
      ['another solanaATA', withData({ solanaATA: `0x${'ee'.repeat(32)}` }), 'UNDECODABLE_CALLDATA'],
      // TransferChecked's amount (169..177) and the token list's (116..124) both lower.
      [
        'a lower amount',
        withData({
          encodedRoute: ecoRouteWith(116, '63454c0000000000').replace('0c64454c', '0c63454c') as `0x${string}`,
        }),
        'MINIMUM_TOO_LOW',
      ],
      ['another instruction', withData({ encodedRoute: ecoRouteWith(168, '03') }), 'UNDECODABLE_CALLDATA'],
      ['a route of another length', withData({ encodedRoute: `${ECO_SOLANA_ROUTE}00` }), 'UNDECODABLE_CALLDATA'],
    ]);
  });
});
