import { findSend } from '../../src/background/transfers/records';
import { type SentTransfer, sendsOf, type TransferRecord } from '../../src/model/transfer';
import { transferRecords } from '../../src/storage/transfers';

/** Reads of the one stored item (src/storage/transfers.ts) by transaction, for tests that follow one transaction. */

export const storedSend = async (txHash: string): Promise<SentTransfer | undefined> =>
  findSend(await transferRecords.get(), txHash)?.send;

/** Every stored transaction, newest first. */
export const storedSends = async (): Promise<SentTransfer[]> => sendsOf(Object.values(await transferRecords.get()));

/** A record holding one transaction and no execution, as the tracker makes for a hash no execution claims. */
export const recordOf = (send: SentTransfer): TransferRecord => ({
  id: send.txHash.toLowerCase(),
  createdAt: send.createdAt,
  updatedAt: send.updatedAt,
  sends: [send],
});

/** Stores these transactions, each in a record of its own (a previous worker's writes). */
export const storeSends = (...sends: SentTransfer[]) =>
  transferRecords.set(Object.fromEntries(sends.map((send) => [send.txHash.toLowerCase(), recordOf(send)])));
