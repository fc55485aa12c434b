import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import type { RouteToken } from '../../schemas/route';
import { usePopup } from './context';

/** The rate got worse between choosing and sending: the person accepts the new minimum or stops. */
export function RatePrompt({ toToken }: { toToken: RouteToken }) {
  const prompt = usePopup((s) => s.ratePrompt);
  const answer = usePopup((s) => s.answerRatePrompt);
  if (!prompt) return null;
  return (
    <div class="warning" role="alertdialog" aria-label={i18n.t('popup.rate.label')} data-testid="rate-prompt">
      <p>
        {i18n.t('popup.rate.worse', [
          formatAmount(prompt.newMin, toToken.decimals),
          toToken.symbol,
          formatAmount(prompt.previousMin, toToken.decimals),
        ])}
      </p>
      <div class="row">
        <button type="button" onClick={() => answer(true)}>
          {i18n.t('popup.rate.accept')}
        </button>
        <button type="button" class="secondary" onClick={() => answer(false)}>
          {i18n.t('popup.rate.cancel')}
        </button>
      </div>
    </div>
  );
}
