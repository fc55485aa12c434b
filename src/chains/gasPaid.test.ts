import { describe, expect, it } from 'vitest';
import { gasPaidOf } from './readSentTransaction';

describe('gasPaidOf', () => {
  it('is gasUsed × effectiveGasPrice, plus the L1 data fee an OP-stack receipt adds', () => {
    expect(gasPaidOf({ gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00' })).toBe(21_000n * 1_000_000_000n);
    expect(gasPaidOf({ gasUsed: '0x5208', effectiveGasPrice: '0x1', l1Fee: '0x64' })).toBe(21_100n);
  });
  it('is unknown, never guessed, when the receipt does not say', () => {
    expect(gasPaidOf({ gasUsed: '0x5208' })).toBeUndefined();
    expect(gasPaidOf({ gasUsed: 'lots', effectiveGasPrice: '0x1' })).toBeUndefined();
    expect(gasPaidOf({ gasUsed: '0x1', effectiveGasPrice: `0x${'f'.repeat(65)}` })).toBeUndefined();
  });
});
