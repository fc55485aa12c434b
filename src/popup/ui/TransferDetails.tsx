import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { type CoinOf, describeFlagged, notCheckedNote } from '../../format/flaggedText';
import { safeLink } from '../../format/links';
import { formatDateTime } from '../../format/locale';
import { lookedUpExpected } from '../../format/lookedUpText';
import { receivedText } from '../../format/receivedAmount';
import { replacedNote } from '../../format/replacedText';
import { statusLabel, substatusText } from '../../format/status';
import { shortAddress } from '../../lib/addresses';
import type { SentTransfer } from '../../model/transfer';
import { CopyButton } from './CopyButton';
import { usePopup } from './context';

export type ChainNamer = (id: number) => string;

/** The badge's colour for one transaction's status. */
function statusClassOf(t: SentTransfer, chainName: ChainNamer): 'ok' | 'bad' | 'pending' {
  if (t.status === 'DONE' && !notCheckedNote(t, chainName)) return 'ok';
  return describeFlagged(t, chainName) || t.status === 'FAILED' || t.status === 'LOST' ? 'bad' : 'pending';
}

export function StatusBadge({ t, chainName }: { t: SentTransfer; chainName: ChainNamer }) {
  return (
    <span class={`badge ${statusClassOf(t, chainName)}`} data-testid="transfer-status">
      {statusLabel(t.status)}
    </span>
  );
}

/**
 * Everything Activity says of one sent transaction below its card's headline: its route, amounts, links, and any
 * warning or help. A card shows one of these per transaction its transfer sent (one per step of a route).
 */
export function TransferDetails({ t, chainName }: { t: SentTransfer; chainName: ChainNamer }) {
  const received = receivedText(t);
  const sending = safeLink(t.sendingTxLink);
  const receiving = safeLink(t.receiving?.txLink);
  const chains = usePopup((s) => s.chains);
  const coinOf: CoinOf = (id) => chains.find((c) => c.id === id)?.nativeToken;
  const flagged = describeFlagged(t, chainName, coinOf);
  const unchecked = notCheckedNote(t, chainName);
  const replaced = replacedNote(t, chainName);
  const check = t.sentCheck;
  const replacedBy = check?.state === 'cancelled' || check?.state === 'replaced' ? check : undefined;
  return (
    <>
      <p class="small">
        {i18n.t('popup.activity.route', [chainName(t.fromChainId), chainName(t.toChainId), t.toolName])}
        {t.toAddress.toLowerCase() !== t.fromAddress.toLowerCase() && (
          <span data-testid="transfer-recipient">
            {i18n.t('popup.activity.toRecipient', [shortAddress(t.toAddress)])}{' '}
            <CopyButton value={t.toAddress} label={i18n.t('popup.copy.address', [t.toAddress])} />
          </span>
        )}
        {/* The service's "received" is not repeated while the chain has not shown it, or showed otherwise. */}
        {t.substatus &&
          (t.arrival === undefined || t.arrival.state === 'confirmed' || t.arrival.state === 'unchecked') && (
            <span class="muted"> · {substatusText(t.substatus, t.substatusMessage)}</span>
          )}
      </p>
      <p class="small muted">
        {t.lookedUp && (!t.lookedUp.toTokenNamed || t.toAmount === '0')
          ? lookedUpExpected(t)
          : i18n.t('popup.activity.expected', [formatAmount(t.toAmount, t.toToken.decimals), t.toToken.symbol])}
        {received && !flagged && i18n.t('popup.activity.received', [received])}
        {i18n.t('popup.activity.started', [formatDateTime(t.createdAt)])}
        {t.final && i18n.t('popup.activity.updated', [formatDateTime(t.updatedAt)])}
      </p>
      <p class="small links">
        {replacedBy ? (
          // The first hash was never mined: its explorer page shows nothing. The link is what the chain mined instead.
          <>
            <TxRef
              hash={replacedBy.by}
              link={safeLink(replacedBy.byLink)}
              name={i18n.t('popup.activity.replacingTx')}
            />
            <span data-testid="transfer-never-mined">
              <span class="muted">{i18n.t('popup.activity.neverMined')}</span>{' '}
              <TxRef hash={t.txHash} name={i18n.t('popup.activity.sourceTx')} />
            </span>
          </>
        ) : (
          <TxRef hash={t.txHash} link={sending} name={i18n.t('popup.activity.sourceTx')} />
        )}
        {(receiving || t.receiving?.txHash) && (
          <TxRef hash={t.receiving?.txHash} link={receiving} name={i18n.t('popup.activity.destinationTx')} />
        )}
      </p>
      {flagged && (
        <div class="small error" role="alert" data-testid="transfer-flagged">
          <strong>{flagged.title}</strong>
          <p>{flagged.message}</p>
          {flagged.details.length > 1 && (
            // Addresses and hashes in full: wrapped, never wider than the card.
            <ul class="break">
              {flagged.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
          <p>{flagged.advice}</p>
        </div>
      )}
      {replaced && (
        <p class="small notice" data-testid="transfer-replaced">
          {replaced}
        </p>
      )}
      {unchecked && (
        <p class="small notice" data-testid="transfer-unchecked">
          {unchecked}
        </p>
      )}
      {t.notSimulated && (
        <p class="small notice break" data-testid="transfer-not-simulated">
          {i18n.t('popup.activity.notSimulated', [t.notSimulated])}
        </p>
      )}
      {t.sentCheck?.state === 'pending' && !t.final && (
        <p class="small muted" data-testid="transfer-checking">
          {i18n.t('popup.activity.checking')}
          {t.sentCheck.lastError && ` (${t.sentCheck.lastError})`}
        </p>
      )}
      {t.arrival?.state === 'confirming' && !t.final && (
        <p class="small muted" data-testid="transfer-confirming">
          {i18n.t('popup.activity.confirmingArrival', [
            chainName(t.substatus === 'REFUNDED' ? t.fromChainId : t.toChainId),
          ])}
          {t.arrival.lastError && ` (${t.arrival.lastError})`}
        </p>
      )}
      {t.lastError && !t.final && <p class="small muted">{i18n.t('popup.activity.lastCheck', [t.lastError])}</p>}
      {t.status === 'LOST' && <p class="small notice">{i18n.t('popup.activity.lost')}</p>}
      {t.status === 'FAILED' && t.substatusMessage && <p class="small error">{t.substatusMessage}</p>}
      {t.sentCheck?.state === 'reverted' && t.sentCheck.revertData && (
        // The raw revert data only here, folded and wrapped: never on the card itself.
        <details class="small muted" data-testid="transfer-revert-details">
          <summary>{i18n.t('popup.activity.revertDetails')}</summary>
          <code class="mono break">{t.sentCheck.revertData}</code>
        </details>
      )}
      {t.status === 'TRACKING_STOPPED' && <StoppedHelp t={t} />}
    </>
  );
}

/**
 * One transaction of the card: its explorer link (or its hash shown short where no safe link is known) and Copy for
 * its whole hash, which an explorer or a bridge's support asks for.
 */
function TxRef({ hash, link, name }: { hash?: string; link?: string; name: string }) {
  return (
    <span class="tx-ref">
      {link ? (
        <a href={link} target="_blank" rel="noreferrer noopener">
          {name}
        </a>
      ) : (
        <span class="mono muted">{hash ? `${hash.slice(0, 10)}…` : name}</span>
      )}
      {hash && <CopyButton value={hash} label={i18n.t('popup.copy.hash', [name, hash])} />}
    </span>
  );
}

/** After the give-up bound: what to do, with the page that follows the transfer when the service gave one. */
function StoppedHelp({ t }: { t: SentTransfer }) {
  const page = safeLink(t.explorerLink);
  return (
    <p class="small notice" data-testid="transfer-stopped">
      {t.substatusMessage}
      {page && (
        <>
          {' '}
          <a href={page} target="_blank" rel="noreferrer" data-testid="transfer-explorer">
            {i18n.t('popup.activity.followOn', [new URL(page).host])}
          </a>
        </>
      )}
    </p>
  );
}
