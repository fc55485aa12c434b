import { i18n } from '#i18n';
import { shortAddress } from '../../lib/addresses';
import { isBusy } from '../store/selectors';
import { usePopup } from './context';
import { SolanaWalletRow } from './SolanaWalletRow';
import { useCopy } from './useCopy';

/** The connected account, which copies itself when clicked, and the wallet's network. */
function AccountControls({ account, network }: { account: `0x${string}`; network?: string }) {
  const { copied, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        class="link mono address"
        data-testid="copy-address"
        title={account}
        aria-label={i18n.t('popup.wallet.copyAddress', [account])}
        onClick={() => void copy(account)}
      >
        {shortAddress(account)}
      </button>
      {copied && (
        <>
          {' '}
          <span class={copied === 'yes' ? 'ok small' : 'error small'} role="status" data-testid="copy-state">
            {copied === 'yes' ? i18n.t('popup.wallet.copied') : i18n.t('popup.wallet.copyFailed')}
          </span>
        </>
      )}
      {network && <span class="muted"> · {network}</span>}
    </>
  );
}

/** Switch account and Disconnect, folded behind "⋯" so the connected line keeps one line's height. */
function WalletMenu() {
  const busy = usePopup(isBusy);
  const switchAccount = usePopup((s) => s.switchAccount);
  const disconnect = usePopup((s) => s.disconnectWallet);
  return (
    <details
      class="wallet-menu"
      data-testid="wallet-menu"
      onKeyDown={(e) => {
        // A menu closes with Escape, as every other one does; focus goes back to the "⋯" that opened it.
        const menu = e.currentTarget;
        if (e.key !== 'Escape' || !menu.open) return;
        e.stopPropagation();
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }}
    >
      <summary aria-label={i18n.t('popup.wallet.options')}>⋯</summary>
      <div class="wallet-menu-items">
        <button type="button" class="link" disabled={busy} onClick={() => void switchAccount()}>
          {i18n.t('popup.wallet.switchAccount')}
        </button>
        <button type="button" class="link" disabled={busy} onClick={disconnect} data-testid="disconnect">
          {i18n.t('popup.wallet.disconnect')}
        </button>
      </div>
    </details>
  );
}

/**
 * Under "no wallet in this tab": the transfer in the form is kept for the tab that has the wallet, named where the
 * extension can see one (the explorer card opens the popup over the explorer's tab, which often has none).
 */
function WalletElsewhere() {
  const tab = usePopup((s) => s.walletTab);
  const kept = usePopup((s) => s.amountText.trim() !== '');
  const goThere = usePopup((s) => s.goToWalletTab);
  if (!tab)
    return kept ? (
      <p class="muted small" data-testid="wallet-elsewhere">
        {i18n.t('popup.wallet.keptForWalletTab')}
      </p>
    ) : null;
  return (
    <div class="wallet-elsewhere" data-testid="wallet-elsewhere">
      <p class="small">{i18n.t('popup.wallet.walletInTab', [tab.title])}</p>
      <button type="button" class="secondary" onClick={() => void goThere()}>
        {i18n.t('popup.wallet.goToTab', [tab.title])}
      </button>
    </div>
  );
}

export function WalletBar() {
  const status = usePopup((s) => s.walletStatus);
  const message = usePopup((s) => s.walletMessage);
  const account = usePopup((s) => s.account);
  const name = usePopup((s) => s.walletName);
  const wallets = usePopup((s) => s.wallets);
  const chainId = usePopup((s) => s.walletChainId);
  const chainName = usePopup((s) => s.chains.find((c) => c.id === s.walletChainId)?.name);
  const connect = usePopup((s) => s.connectWallet);
  const choose = usePopup((s) => s.chooseWallet);
  const stopConnecting = usePopup((s) => s.stopConnecting);

  return (
    <section class="wallet-bar" aria-label={i18n.t('popup.wallet.label')} data-testid="wallet-bar">
      {status === 'connected' && account ? (
        <div class="wallet-connected" data-testid="wallet-connected">
          <p>
            <span class="dot ok" aria-hidden="true" /> {name ?? i18n.t('popup.wallet.defaultName')} ·{' '}
            <AccountControls
              account={account}
              network={
                chainId === undefined ? undefined : (chainName ?? i18n.t('popup.wallet.chainNumber', [String(chainId)]))
              }
            />
          </p>
          <WalletMenu />
        </div>
      ) : status === 'choose' ? (
        <div>
          <p>{i18n.t('popup.wallet.pickOne')}</p>
          <div class="wallet-choices">
            {wallets.map((w) => (
              <button type="button" key={w.id} class="secondary" onClick={() => void choose(w.id)}>
                {w.icon && <img src={w.icon} alt="" width={16} height={16} />} {w.name}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <div class="wallet-row">
          <button type="button" class="secondary" disabled={status === 'connecting'} onClick={() => void connect()}>
            {status === 'connecting' ? i18n.t('popup.wallet.connecting') : i18n.t('popup.wallet.connect')}
          </button>
          {status === 'connecting' ? (
            <button type="button" class="link" onClick={stopConnecting} data-testid="stop-connecting">
              {i18n.t('popup.wallet.stopWaiting')}
            </button>
          ) : (
            <span class="muted small">{i18n.t('popup.wallet.usesTab')}</span>
          )}
        </div>
      )}
      {message && (
        <p class={status === 'unavailable' ? 'notice' : 'error'} role="alert" data-testid="wallet-message">
          {message}
        </p>
      )}
      {status === 'unavailable' && <WalletElsewhere />}
      <SolanaWalletRow />
    </section>
  );
}
