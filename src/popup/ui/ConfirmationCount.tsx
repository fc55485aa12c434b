import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { usePopup } from './context';

/**
 * How often the wallet asks for the approval and the transfer: once where it sends atomic batches (EIP-5792,
 * src/signing/batchCalls.ts), twice elsewhere. Said only when an approval is asked for; asked of the wallet once per
 * account and chain.
 */
export function ConfirmationCount({ chainId, approval }: { chainId: number; approval: boolean }) {
  const account = usePopup((s) => s.account);
  const walletBatches = usePopup((s) => s.walletBatches);
  const [read, setRead] = useState<{ key: string; batches: boolean }>();
  const key = `${account}:${chainId}`;
  useEffect(() => {
    let current = true;
    void walletBatches(chainId).then((batches) => current && setRead({ key, batches }));
    return () => {
      current = false;
    };
    // The key names the question: one per account and chain.
  }, [walletBatches, key]);
  if (!approval || read?.key !== key) return null;
  return (
    <p class="small" data-testid="review-confirmations">
      {read.batches ? i18n.t('popup.review.oneConfirmation') : i18n.t('popup.review.twoConfirmations')}
    </p>
  );
}
