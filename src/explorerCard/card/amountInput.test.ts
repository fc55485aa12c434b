import { describe, expect, it } from 'vitest';
import { readCardAmount } from './amountInput';

const USDC = { decimals: 6, symbol: 'USDC' };

describe('card amount', () => {
  it('reads typed amounts into their plain form', () => {
    expect(readCardAmount(' 1,5 ', USDC)).toEqual({ amount: '1.5' });
    expect(readCardAmount('100.', USDC)).toEqual({ amount: '100' });
    expect(readCardAmount('0.250', USDC)).toEqual({ amount: '0.25' });
  });

  it('quotes nothing for blank or zero, and says why for what it cannot read', () => {
    expect(readCardAmount('', USDC)).toEqual({ amount: null });
    expect(readCardAmount('0', USDC)).toEqual({ amount: null });
    expect(readCardAmount('-1', USDC)).toEqual({ amount: null, message: expect.any(String) });
    expect(readCardAmount('1e5', USDC)).toEqual({ amount: null, message: expect.any(String) });
    expect(readCardAmount('1.1234567', USDC)).toEqual({ amount: null, message: 'USDC allows at most 6 decimals.' });
  });

  it('refuses "1,500" as the popup does, rather than read it as 1.5', () => {
    // The test environment's UI language is English (src/format/locale.ts falls back to it).
    expect(readCardAmount('1,500', USDC)).toEqual({
      amount: null,
      message: 'Enter 1.500 or 1500: "1,500" could mean either.',
    });
  });
});
