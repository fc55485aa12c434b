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
          ? `Balance: ${formatAmount(balance, fromToken.decimals)} ${fromToken.symbol}`
          : account
            ? 'Balance: —'
            : ''}
      </span>
      {balance !== undefined && (
        <button type="button" class="link" onClick={setMax} aria-label="Max: use the whole balance, keeping gas">
          Max
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
        placeholder="Amount"
        aria-label="Amount"
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
            {usd === undefined ? '' : `≈ ${formatUsd(usd)}`}
          </span>
        )}
      </div>
    </>
  );
}
