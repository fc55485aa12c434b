/**
 * The router's constant-product arithmetic (contracts/BridgeRouter.sol `_amountOut`), in the same integer steps so
 * that off-chain numbers equal on-chain results to the unit.
 */
const BPS = 10_000n;

export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: number): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * (BPS - BigInt(feeBps));
  return (inWithFee * reserveOut) / (reserveIn * BPS + inWithFee);
}

/** Smallest input that yields at least `wanted`; undefined when the pool cannot pay that much. */
export function amountIn(wanted: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: number): bigint | undefined {
  if (wanted <= 0n) return 0n;
  if (wanted >= reserveOut || reserveIn <= 0n) return undefined;
  const fee = BPS - BigInt(feeBps);
  let input = (reserveIn * wanted * BPS) / ((reserveOut - wanted) * fee) + 1n;
  // Integer rounding can leave the result one unit short or long; settle on the exact minimum.
  while (amountOut(input, reserveIn, reserveOut, feeBps) < wanted) input += 1n;
  while (input > 1n && amountOut(input - 1n, reserveIn, reserveOut, feeBps) >= wanted) input -= 1n;
  return input;
}

/** Same amount with other decimals (USDC has 6 on most chains, 18 on BNB Chain). */
export function rescale(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (fromDecimals === toDecimals) return amount;
  return fromDecimals < toDecimals
    ? amount * 10n ** BigInt(toDecimals - fromDecimals)
    : amount / 10n ** BigInt(fromDecimals - toDecimals);
}
