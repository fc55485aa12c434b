import { describe, expect, it } from 'vitest';
import { localeDecimalSeparator, PREFILL_MAX_DECIMALS, parseAmountInput, prefillAmount } from './parseAmount';

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

describe('prefillAmount', () => {
  it('keeps what the form would take, in its plain form', () => {
    expect(prefillAmount('1.5')).toBe('1.5');
    expect(prefillAmount('0,25')).toBe('0.25');
    expect(prefillAmount('100.')).toBe('100');
    expect(prefillAmount('0')).toBe('0');
    expect(prefillAmount(`0.${'0'.repeat(PREFILL_MAX_DECIMALS - 1)}1`)).toBe(
      `0.${'0'.repeat(PREFILL_MAX_DECIMALS - 1)}1`,
    );
  });

  it('drops what the form would refuse, "1,500" included (a dot is the decimal separator in a prefill)', () => {
    for (const bad of ['', '1,500', '1e9', '-1', 'abc', '1,000.5', `0.${'0'.repeat(PREFILL_MAX_DECIMALS)}1`]) {
      expect(prefillAmount(bad), bad).toBeUndefined();
    }
  });
});
