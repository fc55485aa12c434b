import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPendingRequests } from './pendingRequests';

const entry = (what: string) => {
  const outcome: { value?: unknown; error?: Error } = {};
  return {
    outcome,
    pending: {
      what,
      resolve: (value: unknown) => {
        outcome.value = value;
      },
      reject: (error: unknown) => {
        outcome.error = error as Error;
      },
    },
  };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('pending wallet requests', () => {
  it('gives up on a read after its time-out and ignores the late answer', () => {
    const requests = createPendingRequests();
    const read = entry('reading the chain');
    requests.add(1, read.pending, { ms: 30_000, error: () => new Error('no answer') });
    vi.advanceTimersByTime(29_999);
    expect(read.outcome).toEqual({});
    vi.advanceTimersByTime(1);
    expect(read.outcome.error?.message).toBe('no answer');
    expect(requests.take(1)).toBeUndefined();
  });

  it('answers in time and clears the timer; a request the person decides on has none', () => {
    const requests = createPendingRequests();
    const read = entry('reading the chain');
    const send = entry('the transfer');
    requests.add(1, read.pending, { ms: 30_000, error: () => new Error('no answer') });
    requests.add(2, send.pending);
    requests.take(1)?.resolve('0x1');
    vi.advanceTimersByTime(10 * 60_000);
    expect(read.outcome).toEqual({ value: '0x1' });
    expect(send.outcome).toEqual({});
    expect(requests.size).toBe(1);
  });

  it('rejects everything waiting when the person stops waiting, naming each request', () => {
    const requests = createPendingRequests();
    const send = entry('the transfer');
    const read = entry('reading the chain');
    requests.add(1, send.pending);
    requests.add(2, read.pending, { ms: 30_000, error: () => new Error('no answer') });
    requests.rejectAll((what) => new Error(`stopped: ${what}`));
    expect(send.outcome.error?.message).toBe('stopped: the transfer');
    expect(read.outcome.error?.message).toBe('stopped: reading the chain');
    vi.advanceTimersByTime(60_000);
    expect(read.outcome.error?.message).toBe('stopped: reading the chain');
    expect(requests.size).toBe(0);
  });
});
