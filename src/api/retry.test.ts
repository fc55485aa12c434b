import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, isRetryableStatus, parseRetryAfter } from './retry';

describe('backoffDelay', () => {
  it('doubles from the base delay up to the maximum', () => {
    const max = (retry: number) => backoffDelay(retry, DEFAULT_RETRY, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(max)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('keeps at least half of the delay whatever the jitter', () => {
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0)).toBe(250);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.5)).toBe(1500);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2, DEFAULT_RETRY);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(1000);
    }
  });
});

describe('isRetryableStatus', () => {
  it('retries 429 and 5xx only', () => {
    expect([400, 401, 404, 409, 424, 429, 500, 503].filter(isRetryableStatus)).toEqual([429, 500, 503]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T04:00:00Z');
  it('reads seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date as the time left', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 04:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 03:59:00 GMT', now)).toBe(0);
  });

  it('ignores missing or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
  });
});
