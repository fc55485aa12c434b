import { describe, expect, it } from 'vitest';
import { formatDuration, formatTokenAmount, formatUsd, normalizeAmountInput } from './format';

describe('format', () => {
  it('formats smallest units', () => {
    expect(formatTokenAmount('99950000', 6)).toBe('99.95');
    expect(formatTokenAmount('1234567000000000000000', 18)).toBe('1,234.567');
    expect(formatTokenAmount('1', 18)).toBe('<0.000001');
    expect(formatTokenAmount('0', 6)).toBe('0');
    expect(formatTokenAmount('12', 0)).toBe('12');
    expect(formatTokenAmount('x', 6)).toBe('?');
  });

  it('formats USD and durations', () => {
    expect(formatUsd('99.951')).toBe('$99.95');
    expect(formatUsd(undefined)).toBeUndefined();
    expect(formatDuration(30)).toBe('~30 s');
    expect(formatDuration(180)).toBe('~3 min');
    expect(formatDuration(7200)).toBe('~2 h');
  });

  it('normalizes typed amounts', () => {
    expect(normalizeAmountInput(' 1,5 ')).toBe('1.5');
    expect(normalizeAmountInput('100.')).toBe('100');
    expect(normalizeAmountInput('0')).toBeNull();
    expect(normalizeAmountInput('-1')).toBeNull();
    expect(normalizeAmountInput('1e5')).toBeNull();
    expect(normalizeAmountInput('')).toBeNull();
  });
});
