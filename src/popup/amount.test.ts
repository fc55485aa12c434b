import { describe, expect, it } from 'vitest';
import { gasReserveFor, maxSendable } from './amount';

describe('Max', () => {
  it('leaves gas for native tokens only', () => {
    expect(maxSendable(10n, false, 3n)).toBe(10n);
    expect(maxSendable(10n, true, 3n)).toBe(7n);
    expect(maxSendable(2n, true, 3n)).toBe(0n);
  });

  it('reserves twice the route gas or a flat fraction of the coin', () => {
    expect(gasReserveFor(18, 1000n)).toBe(2000n);
    expect(gasReserveFor(18)).toBe(5_000_000_000_000_000n);
  });
});
