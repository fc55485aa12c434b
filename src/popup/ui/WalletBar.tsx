import { i18n } from '#i18n';
import { shortAddress } from '../../lib/addresses';
import { usePopup } from './context';

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
        <p data-testid="wallet-connected">
          <span class="dot ok" aria-hidden="true" /> {name ?? i18n.t('popup.wallet.defaultName')} ·{' '}
          <span class="mono">{shortAddress(account)}</span>
          {chainId !== undefined && (
            <span class="muted"> · {chainName ?? i18n.t('popup.wallet.chainNumber', [String(chainId)])}</span>
          )}
        </p>
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
    </section>
  );
}
