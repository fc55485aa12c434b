import { describe, expect, it } from 'vitest';
import { AddressError, checksumAddress, isAddress, sameAddress, shortAddress } from './addresses';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('addresses', () => {
  it('accepts checksummed, lower-case and upper-case addresses', () => {
    expect(isAddress(USDC)).toBe(true);
    expect(isAddress(USDC.toLowerCase())).toBe(true);
    expect(isAddress(`0x${USDC.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('refuses a wrong checksum, wrong length or non-string', () => {
    expect(isAddress(USDC.replace('A0b8', 'a0B8'))).toBe(false);
    expect(isAddress('0x1234')).toBe(false);
    expect(isAddress(undefined)).toBe(false);
    expect(isAddress(42)).toBe(false);
  });

  it('checksums, or throws AddressError', () => {
    expect(checksumAddress(USDC.toLowerCase())).toBe(USDC);
    expect(() => checksumAddress('0xnope')).toThrowError(AddressError);
    expect(() => checksumAddress('0xnope')).toThrowError('This is not a valid address.');
  });

  it('shortens for display', () => {
    expect(shortAddress(USDC)).toBe('0xA0b8…eB48');
    expect(shortAddress(USDC, 6)).toBe('0xA0b869…06eB48');
    expect(shortAddress('not an address')).toBe('not an address');
  });

  it('compares regardless of case', () => {
    expect(sameAddress(USDC, USDC.toLowerCase())).toBe(true);
    expect(sameAddress(USDC, '0x0000000000000000000000000000000000000000')).toBe(false);
    expect(sameAddress(undefined, USDC)).toBe(false);
    expect(sameAddress('abc', 'ABC')).toBe(false);
  });
});
