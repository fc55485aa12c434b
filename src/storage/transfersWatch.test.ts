import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toWire } from '../messaging/wire';
import type { TransferRecord } from '../model/transfer';
import { transfersItem } from './transfers';
import { watchTransfers } from './transfersWatch';

const record = (id: string): TransferRecord => ({ id, createdAt: 1, updatedAt: 1, sends: [] });

describe('watchTransfers', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('hands the popup every record the background writes to the transfers item, without defining it', async () => {
    const seen: string[][] = [];
    const stop = watchTransfers((records) => seen.push(records.map((r) => r.id)));
    await transfersItem.setValue(toWire({ a: record('a') }));
    await transfersItem.setValue(toWire({ a: record('a'), b: record('b') }));
    await transfersItem.removeValue();
    stop();
    await transfersItem.setValue(toWire({ c: record('c') }));
    expect(seen).toEqual([['a'], ['a', 'b'], []]);
  });
});
