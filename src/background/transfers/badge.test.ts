import { describe, expect, it } from 'vitest';
import type { ExecutionPhase, SentTransfer, TransferRecord, TransfersById } from '../../model/transfer';
import { badgeCount } from './badge';

const send = (hash: string, final: boolean) => ({ txHash: hash, final }) as SentTransfer;
const record = (id: string, phase?: ExecutionPhase, ...sends: SentTransfer[]) =>
  ({ id, sends, ...(phase ? { execution: { phase } } : {}) }) as TransferRecord;

describe('badgeCount', () => {
  it('counts transactions in flight and confirmed transfers waiting for the person, nothing else', () => {
    const records: TransfersById = {
      a: record('a', undefined, send('a', false)),
      b: record('b', undefined, send('b', true)),
      r: record('r', 'running'),
      s: record('s', 'sent', send('s', true)),
      n: record('n', 'needsRate'),
      i: record('i', 'interrupted'),
      // A step of two arrived (final) and the next waits for the signature: one, not two.
      f: record('f', 'needsSignature', send('f', true)),
    };
    expect(badgeCount(records)).toBe(4);
    expect(badgeCount({})).toBe(0);
  });
});
