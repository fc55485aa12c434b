import { describe, expect, it } from 'vitest';
import { transferInput } from '../../../testing/background/fixtures';
import type { Execution, ExecutionPhase, SentTransfer, TransferRecord, TransfersById } from '../../model/transfer';
import { findSend, pruneRecords, withSend } from './records';
import { newSentTransfer } from './transferStatus';

const hash = (n: number) => `0x${String(n).padStart(64, '0')}` as const;
const send = (n: number, final: boolean): SentTransfer => ({
  ...newSentTransfer(transferInput({ txHash: hash(n) }), n),
  final,
});
const transfer = (n: number, final: boolean): TransferRecord => ({
  id: hash(n),
  createdAt: n,
  updatedAt: n,
  sends: [send(n, final)],
});
const execution = (id: string, phase: ExecutionPhase, updatedAt: number, ...sends: SentTransfer[]): TransferRecord => ({
  id,
  createdAt: updatedAt,
  updatedAt,
  execution: { phase } as Execution,
  sends,
});
const byId = (...records: TransferRecord[]): TransfersById => Object.fromEntries(records.map((r) => [r.id, r]));

describe('pruneRecords', () => {
  it('drops the oldest records whose transactions all ended beyond the cap, and keeps every one in flight', () => {
    const map = byId(transfer(1, false), transfer(2, true), transfer(3, true), transfer(4, false));
    expect(Object.values(pruneRecords(map, 30, 2)).map((t) => t.createdAt)).toEqual([1, 4]);
    expect(Object.values(pruneRecords(map, 30, 3)).map((t) => t.createdAt)).toEqual([1, 3, 4]);
    expect(pruneRecords(map, 30, 10)).toBe(map);
  });

  it('forgets the oldest sent executions first, then stopped ones, never one under way or waiting for an answer', () => {
    const map = byId(
      execution('running', 'running', 1),
      execution('rate', 'needsRate', 2),
      execution('old-failed', 'failed', 3),
      execution('old-sent', 'sent', 10, send(10, true)),
      execution('new-sent', 'sent', 11),
      execution('interrupted', 'interrupted', 12),
    );
    const withExecution = (m: TransfersById) =>
      Object.values(m)
        .filter((r) => r.execution)
        .map((r) => r.id)
        .sort();
    expect(withExecution(pruneRecords(map, 5))).not.toContain('old-sent');
    // What a forgotten execution sent stays in the history; one that sent nothing goes altogether.
    expect(pruneRecords(map, 5)['old-sent']).toEqual({ ...map['old-sent'], execution: undefined });
    expect(Object.hasOwn(pruneRecords(map, 5), 'old-sent')).toBe(true);
    expect(withExecution(pruneRecords(map, 3))).toEqual(['interrupted', 'rate', 'running']);
    expect(Object.keys(pruneRecords(map, 3))).not.toContain('new-sent');
    expect(withExecution(pruneRecords(map, 1))).toEqual(['rate', 'running']);
    expect(pruneRecords(map, 6)).toBe(map);
  });
});

describe('findSend and withSend', () => {
  it('find a transaction by hash in any case, and replace it or append one', () => {
    const map = byId(transfer(1, false), execution('e', 'bridging', 2, send(2, false)));
    expect(findSend(map, hash(2).toUpperCase().replace('0X', '0x'))).toMatchObject({ record: { id: 'e' }, index: 0 });
    expect(findSend(map, hash(3))).toBeUndefined();
    const record = map.e!;
    expect(withSend(record, { ...send(2, true) }).sends).toEqual([send(2, true)]);
    expect(withSend(record, send(3, false)).sends.map((s) => s.txHash)).toEqual([hash(2), hash(3)]);
  });
});
