import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { GNOSIS_GENERIC_SWAP, GNOSIS_USDT, GNOSIS_WETH } from '../../../testing/wallet/lifiProductionCalldata';
import { permit2ProxyAbi } from '../../contracts/lifiPermit2Proxy';
import { type CandidateTransaction, type ChosenTransfer, checkStepTransaction } from '../guards';
import { lifiDiamond } from './lifiDiamond';
import { lifiPermit2Proxy } from './lifiPermit2Proxy';

/**
 * A step sent to LI.FI's Permit2Proxy, carrying LI.FI's recorded GenericSwapFacetV3 call on Gnosis (WETH → USDT,
 * testing/wallet/lifiProductionCalldata.ts) as its diamond calldata, encoded with the proxy's own ABI
 * (src/Periphery/Permit2Proxy.sol): read as the diamond call, held to what the proxy pulls.
 */
const PROXY = '0x89c6340B1a1f4b25D36cd8B063D49045caF3f818';
const SENDER = '0xDcdD79bf63c1E8E2d54Ad2aBbB4342b152640B44';
const AMOUNT = 10_000_000_000_000n;
const SIGNATURE = { deadline: 1_900_000_000n, v: 27, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}` } as const;

const withEip2612 = (token: `0x${string}`, amount: bigint, diamondCalldata: Hex = GNOSIS_GENERIC_SWAP.data) =>
  encodeFunctionData({
    abi: permit2ProxyAbi,
    functionName: 'callDiamondWithEIP2612Signature',
    args: [token, amount, SIGNATURE.deadline, SIGNATURE.v, SIGNATURE.r, SIGNATURE.s, diamondCalldata],
  });
const permit = (token: `0x${string}`, amount: bigint) => ({
  permitted: { token, amount },
  nonce: 7n,
  deadline: SIGNATURE.deadline,
});
const withPermit2 = (token: `0x${string}`, amount: bigint) =>
  encodeFunctionData({
    abi: permit2ProxyAbi,
    functionName: 'callDiamondWithPermit2',
    args: [GNOSIS_GENERIC_SWAP.data, permit(token, amount), `0x${'33'.repeat(65)}`],
  });

const chosen: ChosenTransfer = {
  fromChainId: 100,
  toChainId: 100,
  fromToken: GNOSIS_WETH,
  toToken: GNOSIS_USDT,
  fromAmount: AMOUNT,
  account: SENDER,
  recipient: SENDER,
  toAmountMin: 31_374n,
};
const tx = (data: Hex, to: `0x${string}` = PROXY): CandidateTransaction => ({
  chainId: 100,
  from: GNOSIS_GENERIC_SWAP.from,
  to,
  value: '0x0',
  data,
});

describe('LI.FI Permit2Proxy', () => {
  it('is pinned per chain from LI.FI’s deployments, and nowhere LI.FI publishes none', () => {
    expect(lifiPermit2Proxy.addressesOn(100)).toEqual([PROXY]);
    expect(lifiPermit2Proxy.addressesOn(324)).toEqual(['0x2ec2c4C3dc212C990d1bc2b48b0392A3951D926E']);
    expect(lifiPermit2Proxy.addressesOn(250)).toEqual([]);
  });

  it('reads an EIP-2612 or Permit2 call as the diamond call it carries', () => {
    const inner = lifiDiamond.decode(GNOSIS_GENERIC_SWAP.data, 100);
    if (!inner.ok) throw new Error(inner.reason);
    for (const [data, outer] of [
      [withEip2612(GNOSIS_WETH, AMOUNT), 'callDiamondWithEIP2612Signature'],
      [withPermit2(GNOSIS_WETH, AMOUNT), 'callDiamondWithPermit2'],
    ] as const) {
      expect(lifiPermit2Proxy.decode(data, 100)).toEqual({
        ok: true,
        call: {
          ...inner.call,
          functionName: `${outer}(swapTokensSingleV3ERC20ToERC20)`,
          extra: { permit2Proxy: true },
        },
      });
    }
    expect(checkStepTransaction(tx(withEip2612(GNOSIS_WETH, AMOUNT)), chosen)).toEqual({ ok: true });
  });

  it.each([
    ['pulls another token', withEip2612(GNOSIS_USDT, AMOUNT)],
    ['pulls more than the diamond spends', withEip2612(GNOSIS_WETH, AMOUNT + 1n)],
    ['pulls less than the diamond spends', withEip2612(GNOSIS_WETH, AMOUNT - 1n)],
    ['permits another token through Permit2', withPermit2(GNOSIS_USDT, AMOUNT)],
    ['permits another amount through Permit2', withPermit2(GNOSIS_WETH, AMOUNT * 2n)],
  ])('refuses a call that %s', (_name, data) => {
    const decoded = lifiPermit2Proxy.decode(data, 100);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toMatch(/through LI.FI's Permit2Proxy, but the LI.FI call it makes spends/);
    expect(checkStepTransaction(tx(data), chosen).ok).toBe(false);
  });

  it('refuses the witness variant, a diamond call it cannot read, and the call on a chain it is not pinned on', () => {
    const witness = encodeFunctionData({
      abi: permit2ProxyAbi,
      functionName: 'callDiamondWithPermit2Witness',
      args: [GNOSIS_GENERIC_SWAP.data, SENDER, permit(GNOSIS_WETH, AMOUNT), `0x${'33'.repeat(65)}`],
    });
    expect(lifiPermit2Proxy.decode(witness, 100)).toEqual({
      ok: false,
      reason: `the call takes tokens through LI.FI's Permit2Proxy from a signer it names (${SENDER}) rather than from you, which the extension does not sign for.`,
    });
    const unknownInner = withEip2612(GNOSIS_WETH, AMOUNT, `0xdeadbeef${GNOSIS_GENERIC_SWAP.data.slice(10)}`);
    expect(lifiPermit2Proxy.decode(unknownInner, 100)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('0xdeadbeef'),
    });
    expect(lifiPermit2Proxy.decode('0x12345678', 100).ok).toBe(false);
    // Gnosis's proxy address is no router on a chain without a published Permit2Proxy.
    const elsewhere = { ...chosen, fromChainId: 250, toChainId: 250 };
    expect(checkStepTransaction({ ...tx(withEip2612(GNOSIS_WETH, AMOUNT)), chainId: 250 }, elsewhere).ok).toBe(false);
  });
});
