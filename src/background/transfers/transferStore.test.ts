import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash } from '../../../testing/background/fixtures';
import type { Execution, SentTransfer, TransferRecord } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { newSentTransfer } from './transferStatus';
import { createTransferStore } from './transferStore';

beforeEach(() => fakeBrowser.reset());

const EXECUTION_ID = 'e'.repeat(32);
const send = (n: number): SentTransfer => newSentTransfer(transferInput({ txHash: txHash(n) }), 10);
const executionRecord = (): TransferRecord => ({
  id: EXECUTION_ID,
  createdAt: 1,
  updatedAt: 1,
  execution: { phase: 'sent' } as Execution,
  sends: [],
});

describe('transfer store', () => {
  it('keeps a transaction in its execution’s record, once per hash, and one without an owner in its own', async () => {
    const store = createTransferStore();
    await store.update(EXECUTION_ID, () => executionRecord());
    const owner = { executionId: EXECUTION_ID, step: 0 };
    await store.updateSend(txHash(1), (current) => current ?? send(1), owner);
    // The relay reports the same hash, in another case: nothing is added.
    await store.updateSend(txHash(1).toUpperCase().replace('0X', '0x'), (current) => current ?? send(1), owner);
    await store.updateSend(txHash(2), (current) => current ?? send(2));
    const all = await transfersItem.getValue();
    expect(Object.keys(all).sort()).toEqual([EXECUTION_ID, txHash(2)].sort());
    expect(all[EXECUTION_ID]?.sends.map((s) => s.txHash)).toEqual([txHash(1)]);
    expect(all[txHash(2)]).toMatchObject({ id: txHash(2), sends: [{ txHash: txHash(2) }] });
    expect(await store.getSend(txHash(2))).toEqual(send(2));
    expect((await store.sends()).map((s) => s.txHash).sort()).toEqual([txHash(1), txHash(2)]);
  });

  it('lets the record follow a changed transaction in the same write, and tells onChange before and after', async () => {
    const onChange = vi.fn();
    const store = createTransferStore({
      afterSend: (record) => ({ ...record, execution: { ...record.execution!, phase: 'needsSignature' } }),
      onChange,
    });
    await store.update(EXECUTION_ID, () => executionRecord());
    await store.updateSend(txHash(1), () => send(1), { executionId: EXECUTION_ID, step: 0 });
    expect((await store.get(EXECUTION_ID))?.execution?.phase).toBe('needsSignature');
    const [, before, after] = onChange.mock.calls.at(-1)!;
    expect(before).toMatchObject({ execution: { phase: 'sent' }, sends: [] });
    expect(after).toMatchObject({ execution: { phase: 'needsSignature' }, sends: [{ txHash: txHash(1) }] });
  });

  it('serialises writes: an execution’s stage and a transaction’s status landing together both stay', async () => {
    const store = createTransferStore();
    await store.update(EXECUTION_ID, () => executionRecord());
    await store.updateSend(txHash(1), () => send(1), { executionId: EXECUTION_ID, step: 0 });
    await Promise.all([
      store.update(EXECUTION_ID, (r) => r && { ...r, execution: { ...r.execution!, stage: 'submitted' } }),
      store.updateSend(txHash(1), (s) => s && { ...s, status: 'PENDING', checks: 1 }),
      store.updateSend(txHash(1), (s) => s && { ...s, notifiedAt: 99 }),
    ]);
    expect(await store.get(EXECUTION_ID)).toMatchObject({
      execution: { stage: 'submitted' },
      sends: [{ status: 'PENDING', checks: 1, notifiedAt: 99 }],
    });
  });

  it('forgets a record only when asked, and leaves it as it is when the update returns it unchanged', async () => {
    const onChange = vi.fn();
    const store = createTransferStore({ onChange });
    await store.update(EXECUTION_ID, () => executionRecord());
    await store.update(EXECUTION_ID, (r) => r);
    expect(onChange).toHaveBeenCalledTimes(1);
    await store.update(EXECUTION_ID, () => undefined);
    expect(await transfersItem.getValue()).toEqual({});
  });
});
