import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  BASE_WETH,
  ETHEREUM_TO_BASE_ACROSS,
  GNOSIS_GENERIC_SWAP,
  GNOSIS_USDT,
  GNOSIS_WETH,
} from '../../../testing/wallet/lifiProductionCalldata';
import { acrossFacetV4Abi, genericSwapFacetV3Abi, LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import { type CandidateTransaction, type ChosenTransfer, checkStepTransaction } from '../guards';
import type { SwapData } from './lifi/facetArgs';
import { lifiDiamond } from './lifiDiamond';

const SENDER = '0xDcdD79bf63c1E8E2d54Ad2aBbB4342b152640B44';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';

/** What the person chose for this swap, as the popup would hand it to the guard. */
const chosen: ChosenTransfer = {
  fromChainId: 100,
  toChainId: 100,
  fromToken: GNOSIS_WETH,
  toToken: GNOSIS_USDT,
  fromAmount: 10_000_000_000_000n,
  account: SENDER,
  recipient: SENDER,
  toAmountMin: 31_374n,
};
const tx = (data: Hex): CandidateTransaction => ({
  chainId: GNOSIS_GENERIC_SWAP.chainId,
  from: GNOSIS_GENERIC_SWAP.from,
  to: GNOSIS_GENERIC_SWAP.to,
  value: GNOSIS_GENERIC_SWAP.value,
  data,
});

type SwapArgs = readonly [Hex, string, string, `0x${string}`, bigint, SwapData];
const original = decodeFunctionData({ abi: genericSwapFacetV3Abi, data: GNOSIS_GENERIC_SWAP.data });
const args = original.args as unknown as SwapArgs;
/** The recorded call with one field changed, re-encoded with the facet's real ABI. */
const tampered = (change: (a: SwapArgs) => SwapArgs): Hex =>
  encodeFunctionData({
    abi: genericSwapFacetV3Abi,
    functionName: 'swapTokensSingleV3ERC20ToERC20',
    args: change(args) as never,
  });

describe('LI.FI production calldata (recorded): GenericSwapFacetV3 on Gnosis', () => {
  it('decodes what the swap does with the funds', () => {
    expect(original.functionName).toBe('swapTokensSingleV3ERC20ToERC20');
    const result = lifiDiamond.decode(GNOSIS_GENERIC_SWAP.data, 100);
    expect(result).toEqual({
      ok: true,
      call: expect.objectContaining({
        kind: 'swap',
        sendingToken: GNOSIS_WETH,
        amountIn: 10_000_000_000_000n,
        destinationChainId: 100,
        receiver: SENDER,
        receivingToken: GNOSIS_USDT,
        minAmountOut: 31_374n,
      }),
    });
  });

  it('pins the diamond on Gnosis, as lifinance/contracts deployments/gnosis.json publishes it', () => {
    expect(lifiDiamond.addressesOn(100)).toEqual([LIFI_DIAMOND_ADDRESS]);
  });

  it('passes the guard for the choice it was quoted for, unchanged', () => {
    expect(checkStepTransaction(tx(GNOSIS_GENERIC_SWAP.data), chosen)).toEqual({ ok: true });
    // Re-encoding the decoded call gives back the very bytes: the tampered cases below differ in one field only.
    expect(tampered((a) => a)).toBe(GNOSIS_GENERIC_SWAP.data);
  });

  it.each([
    ['another receiver', (a: SwapArgs): SwapArgs => [a[0], a[1], a[2], ATTACKER, a[4], a[5]], 'RECIPIENT_MISMATCH'],
    ['a lower minimum', (a: SwapArgs): SwapArgs => [a[0], a[1], a[2], a[3], 31_373n, a[5]], 'MINIMUM_TOO_LOW'],
    [
      'a larger amount taken',
      (a: SwapArgs): SwapArgs => [a[0], a[1], a[2], a[3], a[4], { ...a[5], fromAmount: a[5].fromAmount * 10n }],
      'AMOUNT_MISMATCH',
    ],
    [
      'another sending token',
      (a: SwapArgs): SwapArgs => [a[0], a[1], a[2], a[3], a[4], { ...a[5], sendingAssetId: GNOSIS_USDT }],
      'TOKEN_MISMATCH',
    ],
    [
      'another receiving token',
      (a: SwapArgs): SwapArgs => [a[0], a[1], a[2], a[3], a[4], { ...a[5], receivingAssetId: GNOSIS_WETH }],
      'TOKEN_MISMATCH',
    ],
  ] as const)('refuses the recorded call with %s', (_name, change, code) => {
    const result = checkStepTransaction(tx(tampered(change)), chosen);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
  });

  it('refuses it truncated, and on a chain where the diamond is not pinned', () => {
    const truncated = checkStepTransaction(tx(GNOSIS_GENERIC_SWAP.data.slice(0, 400) as Hex), chosen);
    expect(truncated.ok).toBe(false);
    const elsewhere = checkStepTransaction(
      { ...tx(GNOSIS_GENERIC_SWAP.data), chainId: 31337 },
      { ...chosen, fromChainId: 31337, toChainId: 31337 },
    );
    expect(elsewhere.ok).toBe(false);
  });
});

describe('LI.FI production calldata (recorded): AcrossFacetV4 with a fee swap, Ethereum ETH to Base ETH', () => {
  const NATIVE = '0x0000000000000000000000000000000000000000';
  const RECEIVER = '0x66c4371aE8FFeD2ec1c2EBbbcCfb7E494181E1E3';
  const MAINNET_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const GUARANTEED = 433_866_700_926_769n;
  const across: ChosenTransfer = {
    fromChainId: 1,
    toChainId: 8453,
    fromToken: NATIVE,
    toToken: NATIVE,
    fromAmount: 439_770_000_000_000n,
    account: ETHEREUM_TO_BASE_ACROSS.from,
    recipient: RECEIVER,
    toAmountMin: GUARANTEED,
  };
  const acrossTx = (data: Hex, value: string = ETHEREUM_TO_BASE_ACROSS.value): CandidateTransaction => ({
    chainId: 1,
    from: ETHEREUM_TO_BASE_ACROSS.from,
    to: ETHEREUM_TO_BASE_ACROSS.to,
    value,
    data,
  });

  type Bridge = Record<string, unknown> & { receiver: string; minAmount: bigint };
  type Swap = Record<string, unknown> & { fromAmount: bigint };
  type Across = Record<string, unknown> & { outputAmountMultiplier: bigint };
  type AcrossArgs = readonly [Bridge, readonly Swap[], Across];
  const recorded = decodeFunctionData({ abi: acrossFacetV4Abi, data: ETHEREUM_TO_BASE_ACROSS.data });
  const acrossArgs = recorded.args as unknown as AcrossArgs;
  const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}` as Hex;
  const changed = (change: (a: AcrossArgs) => AcrossArgs): Hex =>
    encodeFunctionData({
      abi: acrossFacetV4Abi,
      functionName: 'swapAndStartBridgeTokensViaAcrossV4',
      args: change(acrossArgs) as never,
    });
  const bridgeWith =
    (patch: Partial<Bridge>) =>
    (a: AcrossArgs): AcrossArgs => [{ ...a[0], ...patch }, a[1], a[2]];
  const swapWith =
    (patch: Partial<Swap>) =>
    (a: AcrossArgs): AcrossArgs => [a[0], [{ ...a[1][0]!, ...patch }], a[2]];
  const acrossWith =
    (patch: Partial<Across>) =>
    (a: AcrossArgs): AcrossArgs => [a[0], a[1], { ...a[2], ...patch }];

  it('decodes what arrives, where and how much: ETH on Base, not the WETH Across names', () => {
    expect(recorded.functionName).toBe('swapAndStartBridgeTokensViaAcrossV4');
    expect(lifiDiamond.decode(ETHEREUM_TO_BASE_ACROSS.data, 1)).toEqual({
      ok: true,
      call: expect.objectContaining({
        kind: 'bridge',
        sendingToken: NATIVE,
        amountIn: 439_770_000_000_000n,
        destinationChainId: 8453,
        receiver: RECEIVER,
        receivingToken: NATIVE,
        minAmountOut: GUARANTEED,
        hasSourceSwaps: true,
        hasDestinationCall: false,
        extra: expect.objectContaining({ refundAddress: ETHEREUM_TO_BASE_ACROSS.from, unwrappedFrom: BASE_WETH }),
      }),
    });
  });

  it('passes the guard for the choice it was quoted for, unchanged', () => {
    expect(checkStepTransaction(acrossTx(ETHEREUM_TO_BASE_ACROSS.data), across)).toEqual({ ok: true });
    expect(changed((a) => a)).toBe(ETHEREUM_TO_BASE_ACROSS.data);
  });

  it('refuses it for a person who chose WETH on Base: Across would hand them ETH instead', () => {
    const result = checkStepTransaction(acrossTx(ETHEREUM_TO_BASE_ACROSS.data), { ...across, toToken: BASE_WETH });
    expect(result).toMatchObject({ ok: false, code: 'TOKEN_MISMATCH' });
    if (!result.ok) expect(result.reason).toMatch(/native coin/);
  });

  it('refuses it when the person was shown a higher minimum than the call guarantees', () => {
    const result = checkStepTransaction(acrossTx(ETHEREUM_TO_BASE_ACROSS.data), {
      ...across,
      toAmountMin: GUARANTEED + 1n,
    });
    expect(result).toMatchObject({ ok: false, code: 'MINIMUM_TOO_LOW' });
  });

  it.each([
    [
      'another receiver in both places',
      (a: AcrossArgs): AcrossArgs => [
        { ...a[0], receiver: ATTACKER },
        a[1],
        { ...a[2], receiverAddress: word(ATTACKER) },
      ],
      'RECIPIENT_MISMATCH',
    ],
    ['another receiver for Across only', acrossWith({ receiverAddress: word(ATTACKER) }), 'UNDECODABLE_CALLDATA'],
    ['refunds to someone else', acrossWith({ refundAddress: word(ATTACKER) }), 'REFUND_MISMATCH'],
    ['another destination chain', bridgeWith({ destinationChainId: 42161n }), 'DESTINATION_MISMATCH'],
    ['another output token', acrossWith({ receivingAssetId: word(BASE_USDC) }), 'TOKEN_MISMATCH'],
    ['a lower output multiplier', acrossWith({ outputAmountMultiplier: 995_000_000_000_000_000n }), 'MINIMUM_TOO_LOW'],
    ['less bridged after the fees', bridgeWith({ minAmount: 435_000_000_000_000n }), 'MINIMUM_TOO_LOW'],
    ['more taken by the fee swap', swapWith({ fromAmount: 500_000_000_000_000n }), 'AMOUNT_MISMATCH'],
    ['a swap spending USDC', swapWith({ sendingAssetId: MAINNET_USDC }), 'TOKEN_MISMATCH'],
    [
      'a swap whose output is not what is bridged',
      swapWith({ receivingAssetId: MAINNET_USDC }),
      'UNDECODABLE_CALLDATA',
    ],
    ['a destination call', bridgeWith({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    // With a message the named WETH is taken at its word (a message goes to a handler, not to the person): refused.
    ['a message beside the WETH output', acrossWith({ message: '0x1234' }), 'TOKEN_MISMATCH'],
  ] as const)('refuses the recorded call with %s', (_name, change, code) => {
    const result = checkStepTransaction(acrossTx(changed(change)), across);
    expect(result).toMatchObject({ ok: false, code });
  });

  it('refuses a value other than the amount chosen', () => {
    const result = checkStepTransaction(acrossTx(ETHEREUM_TO_BASE_ACROSS.data, '0x18ff7eea20401'), across);
    expect(result).toMatchObject({ ok: false, code: 'VALUE_MISMATCH' });
  });
});
