import { i18n } from '#i18n';
import { sameAddress, shortAddress } from '../../lib/addresses';
import { CopyButton } from './CopyButton';

/**
 * "From 0xf39F…2266 · your connected account": which account sent the transfer, on lists that mix accounts, so
 * a transfer of another account is not taken for one of the account connected now.
 */
export function TransferSender({ sender, account }: { sender: string; account?: string }) {
  const mine = sameAddress(sender, account);
  return (
    <p class={mine ? 'small sender mine' : 'small sender muted'} data-testid="transfer-sender" data-mine={mine}>
      {i18n.t(mine ? 'popup.activity.senderConnected' : 'popup.activity.sender', [shortAddress(sender)])}{' '}
      <CopyButton value={sender} label={i18n.t('popup.copy.address', [sender])} />
    </p>
  );
}
