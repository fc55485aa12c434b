import { describe, expect, it } from 'vitest';
import { minimumFloor, needsRateConfirmation, shownMinimum } from './rate';

describe('the minimum comes from the amount shown and the slippage set', () => {
  it('is floor(toAmount × (1 − slippage))', () => {
    expect(shownMinimum(1_000_000n, 0.005)).toBe(995_000n);
    expect(shownMinimum(1_000_001n, 0.005)).toBe(995_000n);
    expect(shownMinimum(49_890_000n, 0.01)).toBe(49_391_100n);
    expect(shownMinimum(1_000_000n, 0)).toBe(1_000_000n);
  });
  it('never goes negative and treats nonsense slippage as "nothing guaranteed"', () => {
    expect(shownMinimum(0n, 0.005)).toBe(0n);
    expect(shownMinimum(-5n, 0.005)).toBe(0n);
    expect(shownMinimum(1_000_000n, 2)).toBe(0n);
    expect(shownMinimum(1_000_000n, -1)).toBe(1_000_000n);
    expect(shownMinimum(1_000_000n, Number.NaN)).toBe(0n);
  });
  it('keeps precision on 18-decimal amounts', () => {
    expect(shownMinimum(10n ** 24n, 0.003)).toBe(997n * 10n ** 21n);
  });
});

describe('rate moves between choosing and signing', () => {
  it('asks when the fresh minimum falls below the one shown', () => {
    expect(needsRateConfirmation(995_000n, 995_000n)).toBe(false);
    expect(needsRateConfirmation(995_000n, 1_100_000n)).toBe(false);
    expect(needsRateConfirmation(995_000n, 994_999n)).toBe(true);
    expect(needsRateConfirmation(995_000n, 0n)).toBe(true);
  });
  it('sets the floor the transaction must respect', () => {
    expect(minimumFloor(995_000n, 998_000n, false)).toBe(995_000n);
    expect(minimumFloor(995_000n, 900_000n, false)).toBe(995_000n);
    expect(minimumFloor(995_000n, 900_000n, true)).toBe(900_000n);
    // Accepting never lowers the floor below a better fresh quote's own minimum... nor raises it above the shown.
    expect(minimumFloor(995_000n, 1_010_000n, true)).toBe(995_000n);
  });
});
