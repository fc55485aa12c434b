import { selectFormCheck } from '../store/selectors';
import { usePopup } from './context';

/** Who receives: the connected account unless another address is typed (shown checksummed once it parses). */
export function RecipientField() {
  const recipientText = usePopup((s) => s.recipientText);
  const account = usePopup((s) => s.account);
  const error = usePopup((s) => selectFormCheck(s).errors.recipient);
  const recipient = usePopup((s) => selectFormCheck(s).recipient);
  const setRecipientText = usePopup((s) => s.setRecipientText);
  const typed = recipientText.trim();
  return (
    <>
      <label class="field">
        <span>Recipient</span>
        <input
          type="text"
          autoComplete="off"
          spellcheck={false}
          class="mono"
          placeholder={account ?? 'Your connected account'}
          value={recipientText}
          aria-invalid={Boolean(error)}
          aria-describedby="recipient-help"
          onInput={(e) => setRecipientText(e.currentTarget.value)}
        />
      </label>
      <div class="field-help" id="recipient-help">
        {error ? (
          <span class="error" data-testid="recipient-error">
            {error}
          </span>
        ) : recipient && typed && recipient !== typed ? (
          <span class="muted small mono">{recipient}</span>
        ) : null}
      </div>
    </>
  );
}
