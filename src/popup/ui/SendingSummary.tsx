import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { isBusy } from '../store/selectors';
import type { PopupState } from '../store/types';
import { usePopup } from './context';

/**
 * In place of the amount field while a transfer is handed over and its progress shows: what is being sent, from
 * where to where. The field itself stays empty (the amount is forgotten once confirmed, so no click sends it twice);
 * New transfer brings it back. A chunk of its own, loaded with the progress: not needed to open the popup.
 */
export function SendingSummary({ sending }: { sending: NonNullable<PopupState['handedOver']> }) {
  const busy = usePopup(isBusy);
  const stage = usePopup((s) => s.stage);
  const chains = usePopup((s) => s.chains);
  const action = sending.route.action;
  if (!action) return null;
  const chainName = (id: number) =>
    chains.find((c) => c.id === id)?.name ?? i18n.t('popup.activity.chainNumber', [String(id)]);
  const label = busy
    ? i18n.t('popup.form.sending.now')
    : stage === 'done'
      ? i18n.t('popup.form.sending.done')
      : i18n.t('popup.form.sending.failed');
  return (
    <p class="sending-summary" data-testid="sending-summary">
      <span class="muted small">{label}</span>{' '}
      <strong class="sending-amount">
        {formatAmount(sending.choice.fromAmount, action.fromToken.decimals)} {action.fromToken.symbol}
      </strong>{' '}
      <span class="small">
        {i18n.t('popup.form.sending.route', [
          chainName(sending.choice.fromChainId),
          action.toToken.symbol,
          chainName(sending.choice.toChainId),
        ])}
      </span>
    </p>
  );
}
