import { stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_USDT,
  ATTACKER,
  chosenFor,
  DEFAULT_USDC_AMOUNT,
  daiToUsdcSwap,
  encodeSample,
  type FacetSample,
  guardRefusesEachChange,
  testBaseBridgeData,
  USER_RECEIVER,
  withBridge,
  withData,
} from '../../../../testing/wallet/lifiFacetCases';
import { chainflipFacetAbi } from '../../../contracts/lifi/chainflip';
import { LIFI_CHAIN_ID_SOLANA, LIFI_NON_EVM_ADDRESS } from '../../../contracts/lifiDiamond';
import { solanaAddressToWord } from '../../../lib/solanaAddress';
import { lifiDiamond } from '../lifiDiamond';

/**
 * ChainflipFacet.t.sol: 100 USDC from Ethereum to Arbitrum, Chainflip asset 7 (USDC on Arbitrum, as
 * src/contracts/chainflipAssets.ts names it), no destination call. Its Solana cases write asset 6 (ETH on Arbitrum);
 * they are read here with 10, USDC on Solana, the asset a Solana receiver can get.
 */
const chainflipData = {
  nonEVMReceiver: '0x',
  dstToken: 7,
  dstCallReceiver: '0x0000000000000000000000000000000000000000',
  dstCallSwapData: [],
  gasAmount: 0n,
  cfParameters: '0x',
};
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const sample: FacetSample = {
  abi: chainflipFacetAbi,
  functionName: 'startBridgeTokensViaChainflip',
  args: [testBaseBridgeData({ bridge: 'chainflip', destinationChainId: 42161n }), chainflipData],
  chosen: chainflipChoice(),
};
function chainflipChoice() {
  return chosenFor({ toChainId: 42161, toToken: USDC_ARBITRUM, toAmountMin: 99_000_000n });
}

describe('ChainflipFacet, encoded from ChainflipFacet.t.sol', () => {
  it('reads receiver and destination, proves the token by Chainflip’s asset id, and names the minimum its promise', () => {
    expect(lifiDiamond.decode(encodeSample(sample), 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        amountIn: DEFAULT_USDC_AMOUNT,
        destinationChainId: 42161,
        receiver: USER_RECEIVER,
        receivingToken: USDC_ARBITRUM,
        promised: ['minAmountOut'],
        extra: { dstToken: 7n },
      }),
    });
  });
  it('reads a Solana receiver from the text nonEVMReceiver carries (test_CanBridgeTokensToSolana)', () => {
    const receiver = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
    const data = encodeSample(sample, [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      { ...chainflipData, dstToken: 10, nonEVMReceiver: stringToHex(receiver) },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && result.call.receiver).toBe(receiver);
  });

  it('reads a Solana receiver given as the key’s 32 bytes too', () => {
    const receiver = 'EoW7FWTdPdZKpd3WAhH98c2HMGHsdh5yhzzEtk1u68Bb';
    const data = encodeSample(sample, [
      testBaseBridgeData({ receiver: LIFI_NON_EVM_ADDRESS, destinationChainId: BigInt(LIFI_CHAIN_ID_SOLANA) }),
      { ...chainflipData, dstToken: 10, nonEVMReceiver: solanaAddressToWord(receiver) },
    ]);
    const result = lifiDiamond.decode(data, 1);
    expect(result.ok && result.call.receiver).toBe(receiver);
  });

  describe('each value field changed', () => {
    guardRefusesEachChange(sample, [
      ['another token', withBridge({ sendingAssetId: ADDRESS_USDT }), 'TOKEN_MISMATCH'],
      ['a larger amount', withBridge({ minAmount: 100_000_001n }), 'AMOUNT_MISMATCH'],
      [
        'another destination, with Chainflip’s asset there',
        (a) => withData({ dstToken: 3 })(withBridge({ destinationChainId: 1n })(a)),
        'DESTINATION_MISMATCH',
      ],
      ['another destination in BridgeData only', withBridge({ destinationChainId: 1n }), 'UNDECODABLE_CALLDATA'],
      ['another asset on the same chain (USDT)', withData({ dstToken: 15 }), 'TOKEN_MISMATCH'],
      ['the native coin instead', withData({ dstToken: 6 }), 'TOKEN_MISMATCH'],
      ['an asset of another chain (USDC on Ethereum)', withData({ dstToken: 3 }), 'UNDECODABLE_CALLDATA'],
      ['an asset id Chainflip does not publish', withData({ dstToken: 99 }), 'UNDECODABLE_CALLDATA'],
      ['another receiver', withBridge({ receiver: ATTACKER }), 'RECIPIENT_MISMATCH'],
      ['an unreadable non-EVM receiver', withBridge({ receiver: LIFI_NON_EVM_ADDRESS }), 'UNDECODABLE_CALLDATA'],
      [
        'a destination call through its swap data',
        withData({ dstCallSwapData: [daiToUsdcSwap()] }),
        'DESTINATION_CALL',
      ],
    ]);
  });
});
