import { i18n } from '#i18n';
import type { SentTransfer } from '../model/transfer';

/**
 * What Activity says of a transaction the wallet replaced at its nonce (src/background/transfers/replacement.ts):
 * cancelled, or sped up and followed under its new hash. A replacement that is not what was approved is a warning,
 * said by flaggedText.ts. Undefined for a transaction its wallet left as it was.
 */
export function replacedNote(t: SentTransfer, chainName: (id: number) => string): string | undefined {
  const check = t.sentCheck;
  if (check?.state === 'cancelled') {
    const chain = chainName(t.approvedTx?.chainId ?? t.fromChainId);
    return `${i18n.t('replaced.cancelled')} ${i18n.t('replaced.cancelledDetail', [chain, check.by.slice(0, 10)])}`;
  }
  if (t.spedUpFrom) return i18n.t('replaced.spedUp', [t.spedUpFrom.slice(0, 10)]);
  return undefined;
}
