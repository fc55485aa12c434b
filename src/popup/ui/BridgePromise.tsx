import { i18n } from '#i18n';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import type { PromisedFigure } from '../../checks/routers/types';

const FIGURE: Record<PromisedFigure, () => string> = {
  receiver: () => i18n.t('popup.review.promised.receiver'),
  destinationChain: () => i18n.t('popup.review.promised.destinationChain'),
  receivingToken: () => i18n.t('popup.review.promised.receivingToken'),
  minAmountOut: () => i18n.t('popup.review.promised.minAmountOut'),
  nativeFee: () => i18n.t('popup.review.promised.nativeFee'),
};

/** The figures, named as the review names them ("who receives, the minimum received"). */
export const figureNames = (figures: readonly PromisedFigure[]) => figures.map((figure) => FIGURE[figure]()).join(', ');

/** The figures of the review a bridge's own off-chain quote holds (src/checks/routers/lifi/), named as its promise. */
export function promiseText(promised: readonly PromisedFigure[]): string | undefined {
  if (promised.length === 0) return undefined;
  const names = figureNames(promised);
  return promised.length === 1
    ? i18n.t('popup.review.promiseOne', [names])
    : i18n.t('popup.review.promiseMany', [names]);
}

/**
 * Said plainly in the review: what the signing guard could not hold the bridge to, because only the bridge's own
 * quote or order carries it. Nothing when the calldata proves every figure, or when the transfer is refused anyway.
 */
export function BridgePromise(props: { preview: TransferPreview | undefined }) {
  const { preview } = props;
  const text = preview && preview.kind !== 'refused' ? promiseText(preview.promised ?? []) : undefined;
  if (!text) return null;
  return (
    <p class="notice small break" role="note" data-testid="review-bridge-promise">
      {text}
    </p>
  );
}
