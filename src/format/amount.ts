import { numberSymbols } from './locale';
/**
 * Token amounts for display, from integers in the token's smallest unit, without floating point (a float cannot hold
 * 18 decimals) and without viem (the explorer card's bundle stays small). Figures are cut, never rounded up, so a
 * screen never shows more than the amount.
 */

/** Integer amount in smallest units to a human string, trimmed of trailing zeros ("1.5", "0.000001"). */
export function formatUnitsExact(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * - `short` (the popup, and the notifications, which must say an amount as the popup's Activity says it): four
 *   decimals from 1 up, the first three significant digits below 1 ("1,234,567.8912", "0.00000123").
 * - `receipt` (explorer card): up to six decimals; a non-zero amount too small for them reads "<0.000001", never "0".
 */
export type AmountStyle = 'short' | 'receipt';

const RECEIPT_DECIMALS = 6;

/**
 * Thousands grouped and the decimal mark as the UI's locale writes them ("1,234.5" / "1.234,5"). A string that is
 * not an integer (a service's garbage) reads "?".
 */
export function formatAmount(value: bigint | string, decimals: number, style: AmountStyle = 'short'): string {
  if (typeof value === 'string' && !/^-?\d+$/.test(value)) return '?';
  const exact = formatUnitsExact(typeof value === 'string' ? BigInt(value) : value, decimals);
  const negative = exact.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? exact.slice(1) : exact).split('.');
  const sign = negative ? '-' : '';
  const { group, decimal } = numberSymbols();
  const grouped = sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  if (style === 'receipt') {
    const shown = fraction.slice(0, RECEIPT_DECIMALS).replace(/0+$/, '');
    if (shown === '' && whole === '0' && fraction !== '') {
      return `${sign}<0${decimal}${'0'.repeat(RECEIPT_DECIMALS - 1)}1`;
    }
    return shown ? `${grouped}${decimal}${shown}` : grouped;
  }
  if (!fraction) return grouped;
  if (whole !== '0') return `${grouped}${decimal}${fraction.slice(0, 4)}`;
  // Small amounts keep their first significant digits instead of rounding to 0.
  const firstSignificant = fraction.search(/[1-9]/);
  const shown = fraction.slice(0, Math.max(RECEIPT_DECIMALS, firstSignificant + 3)).replace(/0+$/, '');
  return shown ? `${sign}0${decimal}${shown}` : '0';
}

export { formatCount } from './locale';
