import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { shortAddress } from '../../lib/addresses';
import { usePopup } from './context';

/** Lamports in a SOL. */
const SOL_DECIMALS = 9;

/** What the Solana account holds, as the trusted Solana RPC read it: SOL first, then the listed tokens. */
function SolanaBalances() {
  const balances = usePopup((s) => s.solanaBalances);
  if (balances === undefined) return <span class="muted small">{i18n.t('popup.wallet.solana.reading')}</span>;
  if (balances === 'unknown') return <span class="muted small">{i18n.t('popup.wallet.solana.unknown')}</span>;
  const parts = [
    `${formatAmount(balances.lamports, SOL_DECIMALS)} SOL`,
    ...balances.holdings.map((h) => `${formatAmount(h.amount, h.decimals)} ${h.symbol}`),
  ];
  return (
    <span class="small" data-testid="solana-balances">
      {parts.join(' · ')}
      {balances.unlisted > 0 && (
        <span class="muted"> · {i18n.t('popup.wallet.solana.unlisted', [String(balances.unlisted)])}</span>
      )}
    </span>
  );
}

/**
 * The person's Solana wallet beside the EVM one: found in the page as the Wallet Standard announces it, connected on
 * the person's click, with its SOL and SPL balances.
 */
export function SolanaWalletRow() {
  const status = usePopup((s) => s.solanaStatus);
  const name = usePopup((s) => s.solanaWalletName);
  const address = usePopup((s) => s.solanaAddress);
  const message = usePopup((s) => s.solanaMessage);
  const connect = usePopup((s) => s.connectSolanaWallet);
  const disconnect = usePopup((s) => s.disconnectSolanaWallet);
  return (
    <div class="solana-wallet" data-testid="solana-wallet">
      {status === 'connected' && address ? (
        <p data-testid="solana-connected">
          <span class="dot ok" aria-hidden="true" /> {i18n.t('popup.wallet.solana.label')} · {name} ·{' '}
          <span class="mono" title={address}>
            {shortAddress(address)}
          </span>{' '}
          · <SolanaBalances />{' '}
          <button type="button" class="link small" onClick={disconnect}>
            {i18n.t('popup.wallet.disconnect')}
          </button>
        </p>
      ) : (
        <p class="wallet-row">
          <button type="button" class="link" disabled={status === 'connecting'} onClick={() => void connect()}>
            {status === 'connecting' ? i18n.t('popup.wallet.connecting') : i18n.t('popup.wallet.solana.connect')}
          </button>
        </p>
      )}
      {message && (
        <p class="error small" role="alert" data-testid="solana-message">
          {message}
        </p>
      )}
    </div>
  );
}
