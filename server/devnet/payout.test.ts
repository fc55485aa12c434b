import { describe, expect, it } from 'vitest';
import { destinationPayout } from './payout';

const usdc6 = { coinKey: 'USDC', decimals: 6 };
const usdc18 = { coinKey: 'USDC', decimals: 18 };
const eth = { coinKey: 'ETH', decimals: 18 };

describe('relayer payout', () => {
  it('pays the quoted amount when the deposit covers it', () => {
    const base = { source: usdc6, destination: usdc6, bridgedAmount: 100_000_000n, swapInput: undefined };
    expect(destinationPayout({ ...base, dstAmount: 99_900_000n, swapNeeded: false })).toBe(99_900_000n);
    expect(destinationPayout({ ...base, dstAmount: 0n, swapNeeded: true, swapInput: 98_000_000n })).toBe(98_000_000n);
  });

  it('never pays more than was bridged, whatever dstAmount the deposit claims', () => {
    // Issue #15: 0.000001 USDC in, 2.5 M USDC asked.
    const attack = { source: usdc6, destination: usdc6, bridgedAmount: 1n, dstAmount: 2_500_000_000_000n };
    expect(destinationPayout({ ...attack, swapNeeded: false, swapInput: undefined })).toBe(1n);
    expect(destinationPayout({ ...attack, swapNeeded: true, swapInput: 3_000_000_000_000n })).toBe(1n);
    // The pool cannot pay that much at all: still only the bridged amount.
    expect(destinationPayout({ ...attack, swapNeeded: true, swapInput: undefined })).toBe(1n);
  });

  it('rescales between decimals of the same coin', () => {
    const input = { bridgedAmount: 5_000_000n, dstAmount: 10n ** 30n, swapNeeded: false, swapInput: undefined };
    expect(destinationPayout({ ...input, source: usdc6, destination: usdc18 })).toBe(5n * 10n ** 18n);
    expect(destinationPayout({ ...input, bridgedAmount: 5n * 10n ** 18n, source: usdc18, destination: usdc6 })).toBe(
      5_000_000n,
    );
  });

  it('pays nothing when the bridge tokens are not the same listed coin', () => {
    const input = { bridgedAmount: 10n ** 18n, dstAmount: 1n, swapNeeded: false, swapInput: undefined };
    expect(destinationPayout({ ...input, source: eth, destination: usdc6 })).toBe(0n);
    expect(destinationPayout({ ...input, source: undefined, destination: usdc6 })).toBe(0n);
    expect(destinationPayout({ ...input, source: usdc6, destination: undefined })).toBe(0n);
  });
});
