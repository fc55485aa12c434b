import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { RecipientKind } from '../../messaging/protocol';
import { selectChain, selectFormCheck } from '../store/selectors';
import { usePopup, usePopupApi } from './context';
import { RecentRecipients } from './RecentRecipients';

/**
 * What the destination chain says the typed recipient is, read by the background through the RPC it trusts there.
 * Only for another recipient than the connected account, and only once the address parses.
 */
function useRecipientKind(recipient: string | undefined, chainId: number | undefined, own: boolean) {
  const api = usePopupApi();
  const [kind, setKind] = useState<{ key: string; kind: RecipientKind }>();
  const key = `${chainId}:${recipient}`;
  useEffect(() => {
    if (!recipient || chainId === undefined || own) return;
    let current = true;
    api
      .getRecipientKind({ chainId, address: recipient as `0x${string}` })
      .then(({ kind: answer }) => current && setKind({ key, kind: answer }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, key, recipient, chainId, own]);
  return kind?.key === key && !own ? kind.kind : undefined;
}

/** Who receives: the connected account unless another address is typed (shown checksummed once it parses). */
export function RecipientField() {
  const recipientText = usePopup((s) => s.recipientText);
  const account = usePopup((s) => s.account);
  const error = usePopup((s) => selectFormCheck(s).errors.recipient);
  const recipient = usePopup((s) => selectFormCheck(s).recipient);
  const recipientName = usePopup((s) => selectFormCheck(s).recipientName);
  const looking = usePopup((s) => selectFormCheck(s).recipientLooking);
  const setRecipientText = usePopup((s) => s.setRecipientText);
  const toChain = usePopup((s) => selectChain(s, s.toChainId));
  const toSymbol = usePopup((s) => s.toToken?.symbol);
  const typed = recipientText.trim();
  const solana = toChain?.chainType === 'SOLANA';
  const loadSolanaCheck = usePopup((s) => s.loadSolanaCheck);
  useEffect(() => {
    if (solana) void loadSolanaCheck();
  }, [solana, loadSolanaCheck]);
  const own = !typed || recipient?.toLowerCase() === account?.toLowerCase();
  const fromChain = usePopup((s) => selectChain(s, s.fromChainId));
  // A smart account's address on the source chain may be no one's, or someone else's, on the destination.
  const askWho = usePopup((s) => s.accountIsContract === true && s.fromChainId !== s.toChainId) && !typed;
  // The contract check reads an EVM chain's code; a Solana key has none to read.
  const kind = useRecipientKind(error || solana ? undefined : recipient, toChain?.id, own);
  return (
    <>
      <label class="field row-field">
        <span>{i18n.t('popup.form.recipient')}</span>
        <input
          type="text"
          autoComplete="off"
          spellcheck={false}
          class="mono"
          placeholder={solana ? i18n.t('popup.form.solanaRecipient') : (account ?? i18n.t('popup.form.yourAccount'))}
          data-testid="recipient"
          aria-required={solana || askWho}
          value={recipientText}
          aria-invalid={Boolean(error)}
          aria-describedby="recipient-help"
          onInput={(e) => setRecipientText(e.currentTarget.value)}
        />
      </label>
      <div
        class="field-help"
        id="recipient-help"
        hidden={
          !error &&
          !looking &&
          !(recipient && typed && recipient !== typed) &&
          kind !== 'contract' &&
          kind !== 'unused' &&
          !askWho
        }
        aria-live="polite"
      >
        {error ? (
          <span class="error" data-testid="recipient-error">
            {error}
          </span>
        ) : looking ? (
          <span class="muted small" data-testid="recipient-ens-looking">
            {i18n.t('popup.form.ensLooking', [looking])}
          </span>
        ) : recipient && recipientName ? (
          // The name and the address it points to now, side by side: the address is what is sent to.
          <span class="small" data-testid="recipient-ens">
            <span class="muted">{i18n.t('popup.form.ensPointsTo', [recipientName])}</span>{' '}
            <span class="mono break" data-testid="recipient-ens-address">
              {recipient}
            </span>
          </span>
        ) : recipient && typed && recipient !== typed ? (
          <span class="muted small mono">{recipient}</span>
        ) : null}
        {askWho && fromChain && toChain && (
          <p class="notice small" role="status" data-testid="recipient-smart-account">
            {i18n.t('popup.form.smartAccount', [fromChain.name, toChain.name])}
          </p>
        )}
        {kind === 'unused' && toChain && (
          <p class="notice small" role="status" data-testid="recipient-unused">
            {i18n.t('popup.form.recipientUnused', [toChain.name])}
          </p>
        )}
        {kind === 'contract' && toChain && (
          <p class="notice small" role="status" data-testid="recipient-contract">
            {i18n.t('popup.form.recipientContract', [toChain.name, toSymbol ?? i18n.t('popup.form.tokens')])}
          </p>
        )}
      </div>
      <RecentRecipients />
    </>
  );
}
