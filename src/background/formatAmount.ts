/**
 * "99.8" from ("99800000", 6): integer arithmetic (no float rounding on 18-decimal amounts), at most
 * `maxFraction` decimals, cut rather than rounded (never shows more than was received), trailing zeros dropped.
 */
export function formatAmount(amount: string, decimals: number, maxFraction = 6): string {
  if (!/^\d+$/.test(amount)) return amount;
  const value = BigInt(amount);
  const base = 10n ** BigInt(decimals);
  const whole = value / base;
  const fraction = (value % base).toString().padStart(decimals, '0').slice(0, maxFraction).replace(/0+$/, '');
  if (whole === 0n && fraction === '' && value > 0n) return `<0.${'0'.repeat(maxFraction - 1)}1`;
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
