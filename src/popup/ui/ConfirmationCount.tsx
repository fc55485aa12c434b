import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { usePopup } from './context';

export type ConfirmationCountProps = {
  chainId: number;
  chainName: string;
  /** The approvals asked before the transfer on this chain: 0, 1, or 2 where the allowance is reset first. */
  approvals: number;
  /** Whether the wallet is asked to switch to this chain first. */
  switchNetwork: boolean;
  /** The chains of the route's later steps, each signed there once the one before has arrived. */
  later: readonly string[];
};

/**
 * How often the wallet asks, per chain: on the source chain now, the network switch, the approval and the transfer
 * (the approval and the transfer as one where the wallet sends atomic batches, EIP-5792, src/signing/batchCalls.ts;
 * asked of the wallet once per account and chain); on each later step's chain, up to three more (a switch, an
 * approval if needed, the step). The batching sentence is said only when an approval is asked for; the count per
 * chain only where it says more than that sentence: a network switch first, or steps later on other chains.
 */
export function ConfirmationCount(props: ConfirmationCountProps) {
  const { chainId, chainName, approvals, switchNetwork, later } = props;
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
  if (read?.key !== key) return null;
  const now = (switchNetwork ? 1 : 0) + (approvals > 0 && !read.batches ? approvals : 0) + 1;
  const perChain =
    later.length > 0 || switchNetwork
      ? [
          i18n.t('popup.review.promptsNow', now, [String(now), chainName]),
          ...later.map((name, i) => i18n.t('popup.review.promptsLater', [name, String(i + 2)])),
        ].join('; ')
      : undefined;
  return (
    <>
      {approvals > 0 && (
        <p class="small" data-testid="review-confirmations">
          {read.batches ? i18n.t('popup.review.oneConfirmation') : i18n.t('popup.review.twoConfirmations')}
        </p>
      )}
      {perChain && (
        <p class="small" data-testid="review-prompts">
          {`${perChain}.`}
        </p>
      )}
    </>
  );
}
