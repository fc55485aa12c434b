/** About this many US dollars of the token are quoted when the card opens. */
export const DEFAULT_USD_VALUE = 100;

const NICE_STEPS = [1, 2, 3, 5, 10] as const;

/**
 * A round amount worth about $100 ("0.03" ETH, "100" USDC, "2000" of a $0.05 token), or "1" when the catalog has no
 * price. Never more decimals than the token has.
 */
export function defaultAmount(priceUSD: string | undefined, decimals: number): string {
  const price = priceUSD === undefined ? Number.NaN : Number(priceUSD);
  if (!Number.isFinite(price) || price <= 0) return '1';
  const raw = DEFAULT_USD_VALUE / price;
  const exponent = Math.floor(Math.log10(raw));
  const fraction = raw / 10 ** exponent;
  let nice: number = NICE_STEPS[0];
  // Nearest in ratio, not in difference: $100 of a $250 token is 0.4, which reads better as 0.5 than as 0.3.
  for (const step of NICE_STEPS)
    if (Math.abs(Math.log(step / fraction)) < Math.abs(Math.log(nice / fraction))) nice = step;
  const places = Math.min(Math.max(0, -exponent), decimals);
  const value = nice * 10 ** exponent;
  const text = value
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return text === '0' ? '1' : text;
}
