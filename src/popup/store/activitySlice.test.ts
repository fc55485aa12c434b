import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDeps } from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { Execution, SentTransfer, TransferRecord } from '../../model/transfer';
import { createPopupStore } from './createPopupStore';

const record = (n: number, status = 'PENDING', execution?: Partial<Execution>): TransferRecord =>
  ({
    id: String(n),
    createdAt: n,
    updatedAt: n,
    sends: [{ txHash: `0x${n.toString(16).padStart(64, '0')}`, createdAt: n, status } as SentTransfer],
    ...(execution ? { execution } : {}),
  }) as TransferRecord;

/** The background's first answer (getTransfers), and a storage watch the test fires by hand. */
function storage(first: () => Promise<TransferRecord[]>) {
  const listeners = new Set<(records: TransferRecord[]) => void>();
  const getTransfers = vi.fn(async () => toWire(await first()));
  return {
    deps: fakeDeps({
      api: fakeApi({ getTransfers }),
      watchRecords: (listener: (records: TransferRecord[]) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    write: (records: TransferRecord[]) => {
      for (const listener of listeners) listener(records);
    },
    count: () => listeners.size,
    reads: () => getTransfers.mock.calls.length,
  };
}

describe('followTransfers', () => {
  it('reads once, then shows every write newest first, until stopped', async () => {
    const stored = storage(async () => [record(1)]);
    const store = createPopupStore(stored.deps);
    const stop = store.getState().followTransfers();
    await expect.poll(() => store.getState().activityStatus).toBe('ready');
    expect(store.getState().transfers.map((t) => t.createdAt)).toEqual([1]);

    stored.write([record(1, 'DONE'), record(2)]);
    expect(store.getState().transfers.map((t) => [t.createdAt, t.status])).toEqual([
      [2, 'PENDING'],
      [1, 'DONE'],
    ]);
    expect(stored.reads()).toBe(1);

    stop();
    expect(stored.count()).toBe(0);
  });

  it('keeps a write that lands while the first read is still on its way', async () => {
    let answer: (records: TransferRecord[]) => void = () => {};
    const stored = storage(() => new Promise<TransferRecord[]>((resolve) => (answer = resolve)));
    const store = createPopupStore(stored.deps);
    store.getState().followTransfers();
    stored.write([record(1, 'DONE')]);
    answer([record(1, 'PENDING')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().transfers.map((t) => t.status)).toEqual(['DONE']);
  });

  it('is one watch for Activity and the executions, which follow from followExecutions on', async () => {
    const stored = storage(async () => [record(1, 'PENDING', { phase: 'failed' })]);
    const store = createPopupStore(stored.deps);
    const stopTransfers = store.getState().followTransfers();
    await expect.poll(() => store.getState().transfers.length).toBe(1);
    expect(store.getState().executions).toEqual([]);
    const stopExecutions = store.getState().followExecutions();
    expect(stored.count()).toBe(1);
    expect(store.getState().executions.map((e) => e.execution.phase)).toEqual(['failed']);
    stored.write([record(1, 'PENDING', { phase: 'running', stage: 'signing' })]);
    expect(store.getState()).toMatchObject({ executionId: '1', stage: 'signing' });
    stopTransfers();
    expect(stored.count()).toBe(1);
    stopExecutions();
    expect(stored.count()).toBe(0);
    expect(stored.reads()).toBe(1);
  });
});
