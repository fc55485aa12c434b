import { describe, expect, it } from 'vitest';
import { defaultAmount } from './defaultAmount';

describe('defaultAmount', () => {
  it.each([
    ['1', 6, '100'],
    ['0.9998', 6, '100'],
    ['3000', 18, '0.03'],
    ['65000', 8, '0.002'],
    ['0.05', 18, '2000'],
    ['250', 18, '0.5'],
    ['0.00001', 18, '10000000'],
  ])('price %s (%i decimals) → %s', (price, decimals, expected) => {
    expect(defaultAmount(price, decimals)).toBe(expected);
  });

  it('falls back to one unit without a usable price', () => {
    expect(defaultAmount(undefined, 18)).toBe('1');
    expect(defaultAmount('0', 18)).toBe('1');
    expect(defaultAmount('abc', 18)).toBe('1');
  });

  it('never uses more decimals than the token has', () => {
    expect(defaultAmount('1000000', 0)).toBe('1');
    expect(defaultAmount('3000', 2)).toBe('0.03');
  });
});
