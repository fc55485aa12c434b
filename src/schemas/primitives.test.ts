import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AmountSchema, ChainIdLooseSchema, parseQuantity, QuantitySchema, toChainIdNumber } from './primitives';

describe('primitives', () => {
  it('reads spec quantities in hex and decimal', () => {
    expect(parseQuantity('0x1a')).toBe(26n);
    expect(parseQuantity('26')).toBe(26n);
    expect(parseQuantity('0x')).toBe(0n);
    expect(v.is(QuantitySchema, '0xzz')).toBe(false);
    expect(v.is(QuantitySchema, '1.5')).toBe(false);
  });

  it('accepts chain IDs as numbers or integer strings, nothing else', () => {
    expect(v.is(ChainIdLooseSchema, 1)).toBe(true);
    expect(v.is(ChainIdLooseSchema, '42161')).toBe(true);
    expect(v.is(ChainIdLooseSchema, '0x1')).toBe(false);
    expect(v.is(ChainIdLooseSchema, 0)).toBe(false);
    expect(toChainIdNumber('42161')).toBe(42161);
  });

  it('rejects amounts that are not integer strings', () => {
    expect(v.is(AmountSchema, '1000000')).toBe(true);
    expect(v.is(AmountSchema, '01')).toBe(false);
    expect(v.is(AmountSchema, '1e6')).toBe(false);
    expect(v.is(AmountSchema, '-1')).toBe(false);
  });
});
