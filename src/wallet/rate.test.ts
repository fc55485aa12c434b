import { describe, expect, it } from 'vitest';
import { minimumFloor, needsRateConfirmation, toleratedMinimum } from './rate';

describe('rate moves between choosing and signing', () => {
  it('tolerates drops within the slippage', () => {
    expect(toleratedMinimum(1_000_000n, 0.005)).toBe(995_000n);
    expect(needsRateConfirmation(1_000_000n, 995_000n, 0.005)).toBe(false);
    expect(needsRateConfirmation(1_000_000n, 1_100_000n, 0.005)).toBe(false);
  });
  it('asks when the minimum fell by more than the slippage', () => {
    expect(needsRateConfirmation(1_000_000n, 994_999n, 0.005)).toBe(true);
    expect(needsRateConfirmation(1_000_000n, 0n, 0.005)).toBe(true);
  });
  it('sets the floor the transaction must respect', () => {
    expect(minimumFloor(1_000_000n, 998_000n, 0.005, false)).toBe(998_000n);
    expect(minimumFloor(1_000_000n, 1_010_000n, 0.005, false)).toBe(1_010_000n);
    expect(minimumFloor(1_000_000n, 900_000n, 0.005, false)).toBe(995_000n);
    expect(minimumFloor(1_000_000n, 900_000n, 0.005, true)).toBe(900_000n);
  });
});
