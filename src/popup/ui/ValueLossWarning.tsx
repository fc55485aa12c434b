import { i18n } from '#i18n';
import { formatUsd } from '../../format/usd';
import type { RouteSummary } from '../routeSummary';
import { isBusy } from '../store/selectors';
import { usePopup } from './context';

/** Shown when the route returns much less value than it takes; sending waits for the tick. */
export function ValueLossWarning({ summary }: { summary: RouteSummary }) {
  const acknowledged = usePopup((s) => s.valueLossAcknowledged);
  const busy = usePopup(isBusy);
  const acknowledge = usePopup((s) => s.acknowledgeValueLoss);
  return (
    <div class="warning" role="alert" data-testid="value-loss-warning">
      <p>
        {i18n.t('popup.send.valueLoss', [
          formatUsd(summary.toAmountUSD) ?? '—',
          formatUsd(summary.spentUSD) ?? '—',
          String(Math.round((1 - (summary.valueRatio ?? 1)) * 100)),
        ])}
      </p>
      <label class="check">
        <input
          type="checkbox"
          checked={acknowledged}
          disabled={busy}
          onChange={(e) => acknowledge(e.currentTarget.checked)}
        />
        {i18n.t('popup.send.valueLossAck')}
      </label>
    </div>
  );
}
