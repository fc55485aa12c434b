import { SOLANA_CHAIN_ID } from '../chains/trustedRpc';
import type { SentTransfer, TransferRecord } from '../model/transfer';
import { type RecentRecipient, recentRecipientsItem, withRecipient } from '../storage/recentRecipients';

/**
 * Remembers who received a transfer the extension sent, once its sent transaction was read back on chain as
 * approved (sentCheck `verified`): the recipient field offers them again (src/storage/recentRecipients.ts). Called
 * with each record as the store writes it; a send already verified before is not counted again, so a recipient the
 * person removed stays removed. Never the sender's own address, and never a transfer only looked up.
 */
export async function rememberSentRecipients(
  before: TransferRecord | undefined,
  after: TransferRecord | undefined,
): Promise<void> {
  const fresh = (after?.sends ?? []).filter(
    (send) => verified(send) && !verified(before?.sends.find((old) => old.txHash === send.txHash)),
  );
  const recipients = fresh.flatMap((send): RecentRecipient[] => {
    if ((send as { lookedUp?: unknown }).lookedUp !== undefined) return [];
    if (send.toAddress.toLowerCase() === send.fromAddress.toLowerCase()) return [];
    const chainType = send.toChainId === SOLANA_CHAIN_ID ? 'SOLANA' : 'EVM';
    return [{ address: send.toAddress, chainType, sentAt: send.createdAt }];
  });
  if (recipients.length === 0) return;
  const list = await recentRecipientsItem.getValue();
  await recentRecipientsItem.setValue(recipients.reduce(withRecipient, list));
}

const verified = (send: SentTransfer | undefined) => send?.sentCheck.state === 'verified';
