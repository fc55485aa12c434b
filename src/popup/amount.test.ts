import { describe, expect, it } from 'vitest';
import { gasReserveFor, localeDecimalSeparator, maxSendable, parseAmountInput } from './amount';

describe('parseAmountInput', () => {
  it('reads human units into smallest units without floats', () => {
    expect(parseAmountInput('1.5', 6)).toEqual({ kind: 'ok', value: 1_500_000n });
    expect(parseAmountInput('.5', 18)).toEqual({ kind: 'ok', value: 500_000_000_000_000_000n });
    expect(parseAmountInput('0.000000000000000001', 18)).toEqual({ kind: 'ok', value: 1n });
    expect(parseAmountInput('12345678901234567890.123456789012345678', 18)).toEqual({
      kind: 'ok',
      value: 12345678901234567890123456789012345678n,
    });
    expect(parseAmountInput('  2 ', 0)).toEqual({ kind: 'ok', value: 2n });
    expect(parseAmountInput('3.', 6)).toEqual({ kind: 'ok', value: 3_000_000n });
  });

  it('reads a decimal comma, and refuses a comma that could be a thousands separator', () => {
    expect(parseAmountInput('1,5', 6, 'USDC', '.')).toEqual({ kind: 'ok', value: 1_500_000n });
    expect(parseAmountInput('0,25', 6, 'USDC', '.')).toEqual({ kind: 'ok', value: 250_000n });
    expect(parseAmountInput(',5', 6, 'USDC', '.')).toEqual({ kind: 'ok', value: 500_000n });
    // In German, "1,500" is one and a half; in English it is ambiguous, and refused with both readings.
    expect(parseAmountInput('1,500', 6, 'USDC', ',')).toEqual({ kind: 'ok', value: 1_500_000n });
    expect(parseAmountInput('1,500', 6, 'USDC', '.')).toEqual({
      kind: 'invalid',
      message: 'Enter 1.500 or 1500: "1,500" could mean either.',
    });
    expect(parseAmountInput('0,500', 6, 'USDC', '.')).toEqual({ kind: 'ok', value: 500_000n });
    expect(localeDecimalSeparator('de-DE')).toBe(',');
    expect(localeDecimalSeparator('en-US')).toBe('.');
  });

  it('treats blank input as empty, not as an error', () => {
    expect(parseAmountInput('', 6)).toEqual({ kind: 'empty' });
    expect(parseAmountInput('   ', 6)).toEqual({ kind: 'empty' });
  });

  it('rejects malformed input in plain words', () => {
    for (const bad of ['abc', '1.2.3', '-1', '1e5', '.', ',', '1,2,3', '1,000.5', '0x10', '+1']) {
      const parsed = parseAmountInput(bad, 6);
      expect(parsed.kind, bad).toBe('invalid');
    }
  });

  it('rejects more decimals than the token has, naming the limit', () => {
    expect(parseAmountInput('1.1234567', 6, 'USDC')).toEqual({
      kind: 'invalid',
      message: 'USDC allows at most 6 decimals.',
    });
    expect(parseAmountInput('1.5', 0, 'NFTX')).toEqual({
      kind: 'invalid',
      message: 'NFTX has no decimals: enter a whole number.',
    });
  });

  it('keeps zero as a valid parse (the form says why it cannot be sent)', () => {
    expect(parseAmountInput('0.000', 6)).toEqual({ kind: 'ok', value: 0n });
  });
});

describe('Max', () => {
  it('leaves gas for native tokens only', () => {
    expect(maxSendable(10n, false, 3n)).toBe(10n);
    expect(maxSendable(10n, true, 3n)).toBe(7n);
    expect(maxSendable(2n, true, 3n)).toBe(0n);
  });

  it('reserves twice the route gas or a flat fraction of the coin', () => {
    expect(gasReserveFor(18, 1000n)).toBe(2000n);
    expect(gasReserveFor(18)).toBe(5_000_000_000_000_000n);
  });
});
