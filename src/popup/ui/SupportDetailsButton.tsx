import { i18n } from '#i18n';
import { supportDetails } from '../../format/supportDetails';
import type { TransferRecord } from '../../model/transfer';
import { useCopy } from './useCopy';

/**
 * "Copy support details" on every Activity card: the transfer's hashes, chains, amounts and status history as plain
 * text, ending with the line that real support never asks for keys or recovery phrases. Refused by the browser, the
 * text is shown selected for copying by hand.
 */
export function SupportDetailsButton({
  record,
  chainName,
}: {
  record: TransferRecord;
  chainName: (id: number) => string;
}) {
  const { copied, copy } = useCopy();
  const text = () => supportDetails(record, chainName);
  return (
    <div class="support-copy">
      <button
        type="button"
        class="link small"
        title={i18n.t('support.copyLabel')}
        onClick={() => void copy(text())}
        data-testid="copy-support"
      >
        {i18n.t('support.copy')}
      </button>
      {copied === 'yes' && (
        <span class="ok small" role="status" data-testid="support-copied">
          {' '}
          {i18n.t('popup.wallet.copied')}
        </span>
      )}
      {copied === 'refused' && (
        <div class="error small" role="alert">
          {i18n.t('popup.copy.refused')}
          <pre class="mono break">{text()}</pre>
        </div>
      )}
    </div>
  );
}
