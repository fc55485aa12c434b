import { formatUnits, parseUnits } from 'viem';
import { BaseError } from '../errors/base';

/** A human amount the user typed that cannot become a token amount. `shortMessage` is shown beside the field. */
export class AmountError extends BaseError {
  override name = 'AmountError';
  readonly input: string;
  constructor(shortMessage: string, input: string) {
    super(shortMessage, { details: `Input: ${JSON.stringify(input)}` });
    this.input = input;
  }
}

const AMOUNT_PATTERN = /^(\d*)(?:\.(\d*))?$/;

/**
 * "1.5" with 6 decimals -> 1500000n. Only digits and one dot (no sign, exponent or grouping): a comma is ambiguous
 * between locales, so it is refused rather than guessed. More decimals than the token has is an error, because
 * viem's parseUnits would silently round them away.
 */
export function parseAmount(input: string, decimals: number, symbol?: string): bigint {
  const text = input.trim();
  if (text === '') throw new AmountError('Enter an amount.', input);
  const match = AMOUNT_PATTERN.exec(text);
  if (!match || text === '.') {
    if (text.includes(',')) throw new AmountError('Use a dot for decimals, without thousands separators.', input);
    if (text.startsWith('-')) throw new AmountError('The amount cannot be negative.', input);
    throw new AmountError('Enter a number such as 1.5.', input);
  }
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    const token = symbol ?? 'this token';
    throw new AmountError(
      decimals === 0 ? `Only whole amounts of ${token}.` : `At most ${decimals} decimals for ${token}.`,
      input,
    );
  }
  return parseUnits(`${match[1] || '0'}${fraction ? `.${fraction}` : ''}`, decimals);
}

export type FormatAmountOptions = {
  /** Digits kept after the dot (rounded down, so a figure never overstates). Default 6. */
  maxFractionDigits?: number;
  /** Group thousands with commas ("1,234.5"). Default false, so the result parses back with parseAmount. */
  group?: boolean;
};

/** 1500000n with 6 decimals -> "1.5". A non-zero amount too small to show reads "<0.000001", never "0". */
export function formatAmount(raw: bigint | string, decimals: number, options: FormatAmountOptions = {}): string {
  const maxFractionDigits = options.maxFractionDigits ?? 6;
  const value = typeof raw === 'bigint' ? raw : BigInt(raw);
  const negative = value < 0n;
  const [whole = '0', fraction = ''] = formatUnits(negative ? -value : value, decimals).split('.');
  const kept = fraction.slice(0, maxFractionDigits).replace(/0+$/, '');
  const sign = negative ? '-' : '';
  if (value !== 0n && whole === '0' && kept === '') {
    return maxFractionDigits === 0 ? `${sign}<1` : `${sign}<0.${'0'.repeat(maxFractionDigits - 1)}1`;
  }
  const wholeText = options.group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${sign}${wholeText}${kept ? `.${kept}` : ''}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.57" from a number or the service's decimal strings; "<$0.01" for dust; undefined when unknown. */
export function formatUsd(value: number | string | undefined | null): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return undefined;
  if (amount > 0 && amount < 0.01) return '<$0.01';
  return usd.format(amount);
}

/** USD value of a raw amount at a unit price (for the value-loss check); undefined without a price. */
export function amountToUsd(raw: bigint | string, decimals: number, priceUSD: string | undefined): number | undefined {
  if (priceUSD === undefined) return undefined;
  const price = Number(priceUSD);
  if (!Number.isFinite(price)) return undefined;
  return Number(formatUnits(typeof raw === 'bigint' ? raw : BigInt(raw), decimals)) * price;
}
