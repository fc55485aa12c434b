import { formatAmount } from '../../format/amount';
import { selectFormCheck } from '../store/selectors';
import { usePopup } from './context';

/** The amount to send, with the balance (or why the amount cannot be sent) and Max. */
export function AmountField() {
  const amountText = usePopup((s) => s.amountText);
  const balance = usePopup((s) => s.balance);
  const fromToken = usePopup((s) => s.fromToken);
  const account = usePopup((s) => s.account);
  const error = usePopup((s) => selectFormCheck(s).errors.amount);
  const setAmountText = usePopup((s) => s.setAmountText);
  const setMax = usePopup((s) => s.setMax);
  return (
    <>
      <label class="field">
        <span>Amount</span>
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amountText}
          aria-invalid={Boolean(error)}
          aria-describedby="amount-help"
          onInput={(e) => setAmountText(e.currentTarget.value)}
        />
      </label>
      <div class="field-help" id="amount-help">
        {error ? (
          <span class="error" data-testid="amount-error">
            {error}
          </span>
        ) : (
          <span class="muted small" data-testid="balance">
            {balance !== undefined && fromToken
              ? `Balance: ${formatAmount(balance, fromToken.decimals)} ${fromToken.symbol}`
              : account
                ? 'Balance: —'
                : ''}
          </span>
        )}
        {balance !== undefined && (
          <button type="button" class="link" onClick={setMax} aria-label="Max: use the whole balance, keeping gas">
            Max
          </button>
        )}
      </div>
    </>
  );
}
