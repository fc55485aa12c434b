import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { formatUsd, usdValue } from '../../format/usd';
import { selectFormCheck } from '../store/selectors';
import { usePopup } from './context';

/** The balance of the token to send and Max, on the From side's label line. */
export function BalanceLine() {
  const balance = usePopup((s) => s.balance);
  const fromToken = usePopup((s) => s.fromToken);
  const account = usePopup((s) => s.account);
  const setMax = usePopup((s) => s.setMax);
  return (
    <span class="balance">
      <span class="muted small" data-testid="balance">
        {balance !== undefined && fromToken
          ? i18n.t('popup.form.balance', [`${formatAmount(balance, fromToken.decimals)} ${fromToken.symbol}`])
          : account
            ? i18n.t('popup.form.balanceUnknown')
            : ''}
      </span>
      {balance !== undefined && (
        <button type="button" class="link" onClick={setMax} aria-label={i18n.t('popup.form.maxLabel')}>
          {i18n.t('popup.form.max')}
        </button>
      )}
    </span>
  );
}

/** The amount to send, then why it cannot be sent or what it is worth in USD. */
export function AmountField() {
  const amountText = usePopup((s) => s.amountText);
  const fromToken = usePopup((s) => s.fromToken);
  const error = usePopup((s) => selectFormCheck(s).errors.amount);
  const amount = usePopup((s) => selectFormCheck(s).amount);
  const setAmountText = usePopup((s) => s.setAmountText);
  const usd = fromToken && amount !== undefined ? usdValue(amount, fromToken) : undefined;
  return (
    <>
      <input
        class="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={i18n.t('popup.form.amount')}
        aria-label={i18n.t('popup.form.amount')}
        value={amountText}
        aria-invalid={Boolean(error)}
        aria-describedby="amount-help"
        onInput={(e) => setAmountText(e.currentTarget.value)}
      />
      <div class="field-help" id="amount-help">
        {error ? (
          <span class="error" data-testid="amount-error">
            {error}
          </span>
        ) : (
          <span class="muted small" data-testid="amount-usd">
            {usd === undefined ? '' : i18n.t('popup.form.usdValue', [formatUsd(usd) ?? ''])}
          </span>
        )}
      </div>
    </>
  );
}
