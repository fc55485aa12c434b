import { describe, expect, it } from 'vitest';
import { AmountError, amountToUsd, formatAmount, formatUsd, parseAmount } from './amounts';

describe('parseAmount', () => {
  it('reads whole and fractional amounts in smallest units', () => {
    expect(parseAmount('1', 6)).toBe(1_000_000n);
    expect(parseAmount('1.5', 6)).toBe(1_500_000n);
    expect(parseAmount('.5', 6)).toBe(500_000n);
    expect(parseAmount('2.', 18)).toBe(2n * 10n ** 18n);
    expect(parseAmount(' 0.000001 ', 6)).toBe(1n);
    expect(parseAmount('123456789012345678901234567890', 18)).toBe(123456789012345678901234567890n * 10n ** 18n);
  });

  it('accepts trailing zeros beyond the token decimals, which lose nothing', () => {
    expect(parseAmount('1.50000000', 6)).toBe(1_500_000n);
  });

  it('refuses more decimals than the token has instead of rounding them away', () => {
    expect(() => parseAmount('1.1234567', 6, 'USDC')).toThrowError(AmountError);
    expect(() => parseAmount('1.1234567', 6, 'USDC')).toThrowError('At most 6 decimals for USDC.');
    expect(() => parseAmount('1.5', 0, 'NFT')).toThrowError('Only whole amounts of NFT.');
    expect(() => parseAmount('0.0000001', 6)).toThrowError('At most 6 decimals for this token.');
  });

  it.each([
    ['', 'Enter an amount.'],
    ['   ', 'Enter an amount.'],
    ['.', 'Enter a number such as 1.5.'],
    ['abc', 'Enter a number such as 1.5.'],
    ['1e6', 'Enter a number such as 1.5.'],
    ['1.2.3', 'Enter a number such as 1.5.'],
    ['0x10', 'Enter a number such as 1.5.'],
    ['-1', 'The amount cannot be negative.'],
    ['1,5', 'Use a dot for decimals, without thousands separators.'],
    ['1,000', 'Use a dot for decimals, without thousands separators.'],
  ])('refuses %j with a clear message', (input, message) => {
    const err = (() => {
      try {
        parseAmount(input, 6);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AmountError);
    expect((err as AmountError).shortMessage).toBe(message);
  });
});

describe('formatAmount', () => {
  it('formats smallest units for display, trimming zeros', () => {
    expect(formatAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatAmount('1000000', 6)).toBe('1');
    expect(formatAmount(0n, 18)).toBe('0');
  });

  it('rounds down to maxFractionDigits so a figure never overstates', () => {
    expect(formatAmount(1_999_999_999_999_999_999n, 18, { maxFractionDigits: 4 })).toBe('1.9999');
    expect(formatAmount(123_456_789n, 6, { maxFractionDigits: 2 })).toBe('123.45');
    expect(formatAmount(123_456_789n, 6, { maxFractionDigits: 0 })).toBe('123');
  });

  it('shows dust as "<0.000001" rather than 0', () => {
    expect(formatAmount(1n, 18)).toBe('<0.000001');
    expect(formatAmount(1n, 18, { maxFractionDigits: 2 })).toBe('<0.01');
    expect(formatAmount(1n, 6, { maxFractionDigits: 0 })).toBe('<1');
  });

  it('groups thousands on request and round-trips with parseAmount otherwise', () => {
    expect(formatAmount(1_234_567_890_000n, 6, { group: true })).toBe('1,234,567.89');
    expect(parseAmount(formatAmount(1_234_567_890_000n, 6), 6)).toBe(1_234_567_890_000n);
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
  });
});

describe('formatUsd', () => {
  it('formats dollars from numbers and decimal strings', () => {
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd('0.5')).toBe('$0.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd('0.001')).toBe('<$0.01');
  });

  it('gives undefined for a missing or unreadable price', () => {
    expect(formatUsd(undefined)).toBeUndefined();
    expect(formatUsd('')).toBeUndefined();
    expect(formatUsd('abc')).toBeUndefined();
    expect(formatUsd(Number.NaN)).toBeUndefined();
  });
});

describe('amountToUsd', () => {
  it('multiplies the whole-token amount by the unit price', () => {
    expect(amountToUsd(2_500_000n, 6, '0.9998')).toBeCloseTo(2.4995, 6);
    expect(amountToUsd('1000000000000000000', 18, '3000')).toBe(3000);
    expect(amountToUsd(1n, 6, undefined)).toBeUndefined();
  });
});
