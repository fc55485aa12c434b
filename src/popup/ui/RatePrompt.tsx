import { formatAmount } from '../../format/amount';
import type { RouteToken } from '../../schemas/route';
import { usePopup } from './context';

/** The rate got worse between choosing and sending: the person accepts the new minimum or stops. */
export function RatePrompt({ toToken }: { toToken: RouteToken }) {
  const prompt = usePopup((s) => s.ratePrompt);
  const answer = usePopup((s) => s.answerRatePrompt);
  if (!prompt) return null;
  return (
    <div class="warning" role="alertdialog" aria-label="The rate changed" data-testid="rate-prompt">
      <p>
        The rate got worse since you chose: you would now receive at least{' '}
        {formatAmount(prompt.newMin, toToken.decimals)} {toToken.symbol} instead of{' '}
        {formatAmount(prompt.previousMin, toToken.decimals)}.
      </p>
      <div class="row">
        <button type="button" onClick={() => answer(true)}>
          Accept new rate
        </button>
        <button type="button" class="secondary" onClick={() => answer(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
