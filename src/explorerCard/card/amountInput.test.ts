import { describe, expect, it } from 'vitest';
import { normalizeAmountInput } from './amountInput';

describe('amount input', () => {
  it('normalizes typed amounts', () => {
    expect(normalizeAmountInput(' 1,5 ')).toBe('1.5');
    expect(normalizeAmountInput('100.')).toBe('100');
    expect(normalizeAmountInput('0')).toBeNull();
    expect(normalizeAmountInput('-1')).toBeNull();
    expect(normalizeAmountInput('1e5')).toBeNull();
    expect(normalizeAmountInput('')).toBeNull();
  });
});
