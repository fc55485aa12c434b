import { uiLocale } from './locale';

const formats = new Map<string, Intl.NumberFormat>();
/** One formatter per locale: route cards format several prices on every render. */
function usdFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * "$1,234.50" from a number or the service's decimal strings; "< $0.01" for dust; undefined when missing or
 * unreadable (the caller decides what stands in for it).
 */
export function formatUsd(value: number | string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return undefined;
  const usd = (n: number) => usdFormat(uiLocale()).format(n);
  if (amount > 0 && amount < 0.01) return `< ${usd(0.01)}`;
  return usd(amount);
}

/** The USD value of a token amount in base units at the token's listed price; undefined without a usable price. */
export function usdValue(amount: bigint, token: { decimals: number; priceUSD?: string }): number | undefined {
  const price = Number(token.priceUSD);
  if (token.priceUSD === undefined || token.priceUSD === '' || !Number.isFinite(price)) return undefined;
  return (Number(amount) / 10 ** token.decimals) * price;
}
