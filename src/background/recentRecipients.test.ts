import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { transferInput, txHash } from '../../testing/background/fixtures';
import type { SentCheck, SentTransfer, TransferRecord } from '../model/transfer';
import { RECENT_RECIPIENTS_MAX, recentRecipientsItem, withoutRecipient } from '../storage/recentRecipients';
import { rememberSentRecipients } from './recentRecipients';

const ME = '0x1111111111111111111111111111111111111111';
const sent = (n: number, toAddress: string, sentCheck: SentCheck, over: Partial<SentTransfer> = {}): SentTransfer => ({
  ...transferInput({ txHash: txHash(n), fromAddress: ME, toAddress }),
  createdAt: n,
  updatedAt: n,
  status: 'PENDING',
  sentCheck,
  final: false,
  checks: 0,
  consecutiveErrors: 0,
  ...over,
});
const record = (...sends: SentTransfer[]): TransferRecord => ({ id: 'r', createdAt: 1, updatedAt: 1, sends });
const VERIFIED: SentCheck = { state: 'verified', rpcHost: 'rpc' };
const PENDING: SentCheck = { state: 'pending', attempts: 0 };
const other = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

beforeEach(() => fakeBrowser.reset());

describe('rememberSentRecipients', () => {
  it('remembers a recipient once its sent transaction is read back on chain, not before', async () => {
    await rememberSentRecipients(undefined, record(sent(1, other(2), PENDING)));
    expect(await recentRecipientsItem.getValue()).toEqual([]);
    await rememberSentRecipients(record(sent(1, other(2), PENDING)), record(sent(1, other(2), VERIFIED)));
    expect(await recentRecipientsItem.getValue()).toEqual([{ address: other(2), chainType: 'EVM', sentAt: 1 }]);
  });

  it("never remembers the sender's own address, nor a transfer only looked up", async () => {
    await rememberSentRecipients(undefined, record(sent(1, ME.toUpperCase().replace('0X', '0x'), VERIFIED)));
    const lookedUp = { ...sent(2, other(3), VERIFIED), lookedUp: { at: 1 } } as SentTransfer;
    await rememberSentRecipients(undefined, record(lookedUp));
    expect(await recentRecipientsItem.getValue()).toEqual([]);
  });

  it('keeps the newest first, once each, at most a handful; a removed one stays removed', async () => {
    for (let n = 1; n <= RECENT_RECIPIENTS_MAX + 2; n++) {
      await rememberSentRecipients(undefined, record(sent(n, other(100 + n), VERIFIED)));
    }
    await rememberSentRecipients(undefined, record(sent(50, other(103).toUpperCase().replace('0X', '0x'), VERIFIED)));
    const list = await recentRecipientsItem.getValue();
    expect(list).toHaveLength(RECENT_RECIPIENTS_MAX);
    expect(list[0]!.address.toLowerCase()).toBe(other(103));
    expect(list.filter((r) => r.address.toLowerCase() === other(103))).toHaveLength(1);

    await recentRecipientsItem.setValue(withoutRecipient(list, { address: other(103), chainType: 'EVM' }));
    // The same record written again (a status update): its send was verified before, so nothing comes back.
    const again = record(sent(50, other(103), VERIFIED));
    await rememberSentRecipients(again, again);
    expect((await recentRecipientsItem.getValue()).some((r) => r.address.toLowerCase() === other(103))).toBe(false);
  });

  it('keeps a Solana recipient as one', async () => {
    const key = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    await rememberSentRecipients(undefined, record(sent(1, key, VERIFIED, { toChainId: 1151111081099710 })));
    expect(await recentRecipientsItem.getValue()).toEqual([{ address: key, chainType: 'SOLANA', sentAt: 1 }]);
  });
});
