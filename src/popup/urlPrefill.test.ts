import { describe, expect, it } from 'vitest';
import { readUrlPrefill } from './urlPrefill';

describe('readUrlPrefill', () => {
  it('reads a full prefill', () => {
    expect(
      readUrlPrefill('?fromChain=1&fromToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&toChain=10&amount=1.5&tabId=3'),
    ).toEqual({
      fromChainId: 1,
      fromTokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      toChainId: 10,
      toTokenAddress: undefined,
      amount: '1.5',
    });
  });
  it('ignores malformed values and plain popups', () => {
    expect(readUrlPrefill('?fromChain=abc&fromToken=0x12&amount=1e9')).toBeUndefined();
    expect(readUrlPrefill('?tabId=3')).toBeUndefined();
  });
  it('reads the amount by the form\'s rule: "1,500" is dropped rather than guessed', () => {
    expect(readUrlPrefill('?fromChain=1&amount=0,25')?.amount).toBe('0.25');
    expect(readUrlPrefill('?fromChain=1&amount=1,500')).toEqual(expect.objectContaining({ amount: undefined }));
  });
});
