import { describe, expect, it } from 'vitest';
import { buildQuery } from './query';

describe('buildQuery', () => {
  it('joins lists with literal commas and leaves out undefined and empty lists', () => {
    expect(buildQuery({ chains: [1, 10n, '137'], a: undefined, b: [], fromAmount: 5n, slippage: 0.005 })).toBe(
      '?chains=1,10,137&fromAmount=5&slippage=0.005',
    );
  });

  it('encodes items so that one containing a comma or & cannot split', () => {
    expect(buildQuery({ x: ['a,b', 'c&d'] })).toBe('?x=a%2Cb,c%26d');
  });

  it('gives an empty string when nothing is sent', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});
