import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { shortAddress } from '../../lib/addresses';
import { type RecentRecipient, recentRecipientsItem, withoutRecipient } from '../../storage/recentRecipients';
import { selectChain } from '../store/selectors';
import { usePopup } from './context';

/** The recipients of transfers sent before (src/storage/recentRecipients.ts), as the background keeps them. */
function useRecentRecipients(): RecentRecipient[] {
  const [list, setList] = useState<RecentRecipient[]>([]);
  useEffect(() => {
    let current = true;
    void recentRecipientsItem.getValue().then((value) => current && setList(value));
    const unwatch = recentRecipientsItem.watch((value) => setList(value ?? []));
    return () => {
      current = false;
      unwatch();
    };
  }, []);
  return list;
}

/**
 * Offers the recipients of recent transfers while the field is empty: one click fills it (and it is then checked as
 * if typed), × forgets one. Only those of the destination's kind of chain, never the connected account.
 */
export function RecentRecipients() {
  const list = useRecentRecipients();
  const typed = usePopup((s) => s.recipientText.trim() !== '');
  const account = usePopup((s) => s.account);
  const chainType = usePopup((s) => (selectChain(s, s.toChainId)?.chainType === 'SOLANA' ? 'SOLANA' : 'EVM'));
  const setRecipientText = usePopup((s) => s.setRecipientText);
  const shown = list.filter(
    (recent) => recent.chainType === chainType && recent.address.toLowerCase() !== account?.toLowerCase(),
  );
  if (typed || shown.length === 0) return null;
  const forget = (recent: RecentRecipient) =>
    void recentRecipientsItem
      .getValue()
      .then((value) => recentRecipientsItem.setValue(withoutRecipient(value, recent)));
  return (
    <div class="recent-recipients" data-testid="recent-recipients">
      <span class="muted small">{i18n.t('popup.form.recentTitle')}</span>
      <ul>
        {shown.map((recent) => (
          <li key={recent.address}>
            <button
              type="button"
              class="link mono"
              title={recent.address}
              aria-label={i18n.t('popup.form.recentUse', [recent.address])}
              data-testid="recent-recipient"
              onClick={() => setRecipientText(recent.address)}
            >
              {shortAddress(recent.address, 6)}
            </button>
            <button
              type="button"
              class="link recent-remove"
              aria-label={i18n.t('popup.form.recentRemove', [recent.address])}
              data-testid="recent-recipient-remove"
              onClick={() => forget(recent)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
