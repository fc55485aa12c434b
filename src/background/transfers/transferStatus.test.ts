import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput } from '../../../testing/background/fixtures';
import { StatusResponseSchema } from '../../schemas/status';
import { applyArrivalRead } from './arrivalConfirm';
import { NOT_FOUND_GRACE_MS } from './schedule';
import { applyCheckError, applyStatus, LOCAL_STATUS, newSentTransfer, stopTracking } from './transferStatus';

const answer = (...args: Parameters<typeof statusBody>) => v.parse(StatusResponseSchema, statusBody(...args));
const fresh = () => newSentTransfer(transferInput(), 0);

describe('applyStatus', () => {
  it('keeps pending substatuses and the legs as reported', () => {
    const r = applyStatus(fresh(), answer('PENDING', 'WAIT_DESTINATION_TRANSACTION'), 1000);
    expect(r).toMatchObject({ status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION', final: false, checks: 1 });
    expect(r.sendingTxLink).toContain('etherscan.io');
  });

  it.each([
    ['FAILED', 'SLIPPAGE_EXCEEDED'],
    ['INVALID', undefined],
  ])('%s/%s is final', (status, substatus) => {
    const r = applyStatus(fresh(), answer(status, substatus), 1000);
    expect(r.final).toBe(true);
    expect(r.status).toBe(status);
  });

  it.each(['COMPLETED', 'PARTIAL', 'REFUNDED'])(
    'DONE/%s is the service’s word: not final until the destination chain shows it',
    (substatus) => {
      const r = applyStatus(fresh(), answer('DONE', substatus), 1000);
      expect(r).toMatchObject({
        status: LOCAL_STATUS.arriving,
        substatus,
        final: false,
        arrival: { state: 'confirming', attempts: 0 },
      });
      // Nothing the service says afterwards moves it: the chain settles it.
      expect(applyStatus(r, answer('FAILED', 'SLIPPAGE_EXCEEDED'), 2000)).toBe(r);
    },
  );

  it('never lets a stale PENDING overwrite a final state', () => {
    const reported = applyStatus(fresh(), answer('DONE', 'COMPLETED'), 1000);
    const done = applyArrivalRead(
      reported,
      { kind: 'confirmed', amount: 1n, measure: 'transferLogs', rpcHost: 'rpc' },
      1500,
    );
    expect(done).toMatchObject({ status: 'DONE', final: true });
    const after = applyStatus(done, answer('PENDING', 'WAIT_DESTINATION_TRANSACTION'), 2000);
    expect(after).toBe(done);
    expect(applyCheckError(done, 'offline', 3000)).toBe(done);
    expect(stopTracking(done, 4000, 'x')).toBe(done);
  });

  it('keeps unknown statuses and substatuses as sent and keeps polling', () => {
    const r = applyStatus(fresh(), answer('WAITING_FOR_GODOT', 'SOMETHING_NEW'), 1000);
    expect(r).toMatchObject({ status: 'WAITING_FOR_GODOT', substatus: 'SOMETHING_NEW', final: false });
  });

  it('tolerates NOT_FOUND during the grace period, then marks the transfer LOST', () => {
    let r = fresh();
    r = applyStatus(r, answer('NOT_FOUND'), 60_000);
    r = applyStatus(r, answer('NOT_FOUND'), 120_000);
    expect(r).toMatchObject({ status: 'NOT_FOUND', final: false });
    // Grace over but only the third answer decides.
    r = applyStatus(r, answer('NOT_FOUND'), NOT_FOUND_GRACE_MS + 1);
    expect(r).toMatchObject({ status: LOCAL_STATUS.lost, final: true });
    expect(r.substatusMessage).toMatch(/never saw this transaction/);
  });

  it('does not count a NOT_FOUND after the service saw the transfer', () => {
    const pending = applyStatus(fresh(), answer('PENDING'), 1000);
    const r = applyStatus(pending, answer('NOT_FOUND'), NOT_FOUND_GRACE_MS * 10);
    expect(r).toMatchObject({ status: 'PENDING', final: false });
  });

  it('counts errors and clears them on the next answer', () => {
    const failed = applyCheckError(fresh(), 'The routing service is busy.', 1000);
    expect(failed).toMatchObject({
      consecutiveErrors: 1,
      lastError: 'The routing service is busy.',
      status: 'SUBMITTED',
    });
    expect(applyStatus(failed, answer('PENDING'), 2000)).toMatchObject({ consecutiveErrors: 0, lastError: undefined });
  });

  it('gives up with guidance naming where to look and the last status', () => {
    const pending = applyStatus(fresh(), answer('PENDING', 'WAIT_DESTINATION_TRANSACTION'), 1000);
    const r = stopTracking(pending, 5000, 'https://etherscan.io/tx/0x01');
    expect(r).toMatchObject({ status: LOCAL_STATUS.trackingStopped, final: true });
    expect(r.substatusMessage).toContain('https://etherscan.io/tx/0x01');
    expect(r.substatusMessage).toContain('PENDING / WAIT_DESTINATION_TRANSACTION');
    expect(r.substatusMessage).toContain("the bridge's own explorer");
  });

  it('keeps the page the service gives for the whole transfer, and names it when giving up', () => {
    const page = 'https://scan.li.fi/tx/0x01';
    const pending = applyStatus(fresh(), { ...answer('PENDING'), explorerLink: page }, 1000);
    expect(pending.explorerLink).toBe(page);
    // A later answer without it keeps it; a link that is not https (or loopback http) is never stored.
    const later = applyStatus(pending, { ...answer('PENDING'), explorerLink: 'javascript:alert(1)' }, 2000);
    expect(later.explorerLink).toBe(page);
    const r = stopTracking(later, 5000, 'https://etherscan.io/tx/0x01');
    expect(r.substatusMessage).toContain("the transfer's page at scan.li.fi shows where the funds are");
    expect(r.explorerLink).toBe(page);
  });
});
