import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ACCOUNT, fakeApi, fakeDeps, USDC_1, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { SentTransfer, TransferRecord } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { balanceMoved } from './balanceMoves';
import { createPopupStore } from './createPopupStore';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const send = (hash: string, over: Partial<SentTransfer> = {}) =>
  ({
    txHash: hash as `0x${string}`,
    fromAddress: ACCOUNT,
    createdAt: 1,
    status: 'PENDING',
    final: false,
    ...over,
  }) as SentTransfer;

const record = (s: SentTransfer): TransferRecord => ({ id: s.txHash, createdAt: 1, updatedAt: 1, sends: [s] });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('balanceMoved', () => {
  it('is true for a new transaction of the account and for one that reached its end', () => {
    expect(balanceMoved([], [send('0x01')], ACCOUNT)).toBe(true);
    expect(balanceMoved([send('0x01')], [send('0x01', { status: 'FAILED', final: true })], ACCOUNT)).toBe(true);
  });

  it('is false for a status that moves on without an end, and for another account’s transaction', () => {
    expect(balanceMoved([send('0x01')], [send('0x01', { status: 'PENDING', substatus: 'x' })], ACCOUNT)).toBe(false);
    expect(
      balanceMoved([], [send('0x02', { fromAddress: '0x000000000000000000000000000000000000dEaD' })], ACCOUNT),
    ).toBe(false);
  });
});

describe('the form’s balance after a transfer', () => {
  it('is read again when a transfer of the account is sent and when it fails, not on the first list', async () => {
    const getBalances = vi.fn(async () => ({ balances: { [USDC_1.toLowerCase()]: '7000000' } }));
    const store = createPopupStore(fakeDeps({ api: fakeApi({ getBalances }) }));
    await store.getState().loadCatalog();
    store.getState().setFromToken(USDC_ETH);
    store.getState().setToToken(USDC_OP);
    await store.getState().connectWallet();
    await flush();
    const stop = store.getState().followTransfers();
    await flush();
    const reads = getBalances.mock.calls.length;

    const sent = send('0x0a');
    await transfersItem.setValue(toWire({ [sent.txHash]: record(sent) }));
    await flush();
    expect(getBalances).toHaveBeenCalledTimes(reads + 1);

    await transfersItem.setValue(toWire({ [sent.txHash]: record({ ...sent, checks: 1 } as SentTransfer) }));
    await flush();
    expect(getBalances).toHaveBeenCalledTimes(reads + 1);

    await transfersItem.setValue(toWire({ [sent.txHash]: record({ ...sent, status: 'FAILED', final: true }) }));
    await flush();
    expect(getBalances).toHaveBeenCalledTimes(reads + 2);
    stop();
  });
});
