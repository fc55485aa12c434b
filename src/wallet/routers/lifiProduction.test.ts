import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { genericSwapFacetV3Abi, LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import { type CandidateTransaction, type ChosenTransfer, checkStepTransaction } from '../guards';
import { lifiDiamond } from './lifiDiamond';
import { GNOSIS_GENERIC_SWAP, GNOSIS_USDT, GNOSIS_WETH } from './lifiProductionCalldata';
import type { SwapData } from './lifiSamples';

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
