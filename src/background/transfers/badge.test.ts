import { describe, expect, it } from 'vitest';
import type { ExecutionRecord, ExecutionsById } from '../../model/execution';
import type { TransferRecord } from '../../model/transfer';
import type { TransfersByHash } from '../../storage/transfers';
import { badgeCount } from './badge';

const transfer = (hash: string, final: boolean) => ({ txHash: hash, final }) as TransferRecord;
const execution = (id: string, phase: ExecutionRecord['phase']) => ({ id, phase }) as ExecutionRecord;

describe('badgeCount', () => {
  it('counts transfers in flight and confirmed transfers waiting for the person, nothing else', () => {
    const transfers: TransfersByHash = { a: transfer('a', false), b: transfer('b', true) };
    const executions: ExecutionsById = {
      r: execution('r', 'running'),
      s: execution('s', 'sent'),
      n: execution('n', 'needsRate'),
      i: execution('i', 'interrupted'),
      f: execution('f', 'failed'),
    };
    expect(badgeCount(transfers, executions)).toBe(4);
    expect(badgeCount({}, {})).toBe(0);
  });
});
