import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDeps } from '../../../testing/popup/fixtures';
import type { TransferRecord } from '../../model/transfer';
import { createPopupStore } from './createPopupStore';

const record = (n: number, status = 'PENDING'): TransferRecord =>
  ({ txHash: `0x${n.toString(16).padStart(64, '0')}`, createdAt: n, status }) as TransferRecord;

/** A storage watch the test fires by hand. */
function watchable() {
  const listeners = new Set<(records: TransferRecord[]) => void>();
  return {
    watchTransfers: (listener: (records: TransferRecord[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write: (records: TransferRecord[]) => {
      for (const listener of listeners) listener(records);
    },
    count: () => listeners.size,
  };
}

describe('followTransfers', () => {
  it('reads once, then shows every write newest first, until stopped', async () => {
    const storage = watchable();
    const getTransfers = vi.fn(async () => [record(1)]);
    const store = createPopupStore(fakeDeps({ api: fakeApi({ getTransfers }), ...storage }));
    const stop = store.getState().followTransfers();
    await vi.waitFor(() => expect(store.getState().activityStatus).toBe('ready'));
    expect(store.getState().transfers.map((t) => t.createdAt)).toEqual([1]);

    storage.write([record(1, 'DONE'), record(2)]);
    expect(store.getState().transfers.map((t) => [t.createdAt, t.status])).toEqual([
      [2, 'PENDING'],
      [1, 'DONE'],
    ]);
    expect(getTransfers).toHaveBeenCalledTimes(1);

    stop();
    expect(storage.count()).toBe(0);
  });

  it('keeps a write that lands while the first read is still on its way', async () => {
    const storage = watchable();
    let answer: (records: TransferRecord[]) => void = () => {};
    const getTransfers = vi.fn(() => new Promise<TransferRecord[]>((resolve) => (answer = resolve)));
    const store = createPopupStore(fakeDeps({ api: fakeApi({ getTransfers }), ...storage }));
    store.getState().followTransfers();
    storage.write([record(1, 'DONE')]);
    answer([record(1, 'PENDING')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().transfers.map((t) => t.status)).toEqual(['DONE']);
  });
});
