/** Conversions between token units (bigint) and human amounts (number) for prices and USD figures. */

const SCALE = 1_000_000;
const SCALE_N = 1_000_000n;

const pow10 = new Map<number, bigint>();
export function tenPow(decimals: number): bigint {
  let value = pow10.get(decimals);
  if (value === undefined) {
    value = 10n ** BigInt(decimals);
    pow10.set(decimals, value);
  }
  return value;
}

/** Human amount to smallest units (6 significant decimals of the human amount are kept). */
export function toUnits(amount: number, decimals: number): bigint {
  if (!(amount > 0) || !Number.isFinite(amount)) return 0n;
  return (BigInt(Math.round(amount * SCALE)) * tenPow(decimals)) / SCALE_N;
}

const POW10 = Array.from({ length: 78 }, (_, i) => 10 ** i);

export function fromUnits(amount: bigint, decimals: number): number {
  return Number(amount) / (POW10[decimals] ?? 10 ** decimals);
}

/** Same amount expressed with other decimals (bridges move USDC with 6 decimals to BNB Chain's 18). */
export function rescale(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (fromDecimals === toDecimals) return amount;
  return fromDecimals < toDecimals
    ? amount * tenPow(toDecimals - fromDecimals)
    : amount / tenPow(fromDecimals - toDecimals);
}

// The share kept by the last fraction seen: one request applies the same slippage to every leg of every route.
let lastFraction = Number.NaN;
let lastKeep = 0n;

/** `amount * (1 - fraction)` rounded down, for slippage floors. */
export function minusFraction(amount: bigint, fraction: number): bigint {
  if (fraction !== lastFraction) {
    lastKeep = BigInt(Math.round((1 - fraction) * 1e9));
    lastFraction = fraction;
  }
  return (amount * lastKeep) / 1_000_000_000n;
}

/** USD string: cents for ordinary amounts, significant digits for dust (L2 gas) so it never shows as 0.00. */
export function formatUSD(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0.00';
  return value >= 0.01 ? value.toFixed(2) : value.toPrecision(2);
}
