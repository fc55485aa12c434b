import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Token } from '../../schemas/catalog';
import { isBusy, isSourceChain, selectChain, selectFormCheck, selectSending } from '../store/selectors';
import { AmountField, BalanceLine } from './AmountField';
import { usePopup } from './context';
import { Lazy } from './Lazy';
import { RecipientField } from './RecipientField';
import { RouteOptions } from './RouteOptions';
import { SidePickers } from './SidePickers';

// The pickers load when first opened: the form paints without them (the popup's 40 KB first-paint budget).
const loadChainPicker = () => import('./ChainPicker').then((m) => m.ChainPicker);
const loadTokenPicker = () => import('./TokenPicker').then((m) => m.TokenPicker);
// Shown only once a transfer is handed over, like the progress it goes with.
const loadSendingSummary = () => import('./SendingSummary').then((m) => m.SendingSummary);

type Picker = 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | undefined;

/**
 * From (chain, token, amount), To (chain, token, recipient) and the search options. Each part selects only the
 * store fields it shows, so typing an amount re-renders the amount field, not the form.
 */
export function TransferForm() {
  const [picker, setPicker] = useState<Picker>();
  const busy = usePopup(isBusy);
  const sending = usePopup(selectSending);
  const chains = usePopup((s) => s.chains);
  const fromChainId = usePopup((s) => s.fromChainId);
  const toChainId = usePopup((s) => s.toChainId);
  const fromChain = usePopup((s) => selectChain(s, s.fromChainId));
  const toChain = usePopup((s) => selectChain(s, s.toChainId));
  const fromToken = usePopup((s) => s.fromToken);
  const toToken = usePopup((s) => s.toToken);
  const pairError = usePopup((s) => selectFormCheck(s).errors.pair);
  const setFromChain = usePopup((s) => s.setFromChain);
  const setToChain = usePopup((s) => s.setToChain);
  const setFromToken = usePopup((s) => s.setFromToken);
  const setToToken = usePopup((s) => s.setToToken);
  const flip = usePopup((s) => s.flip);
  const close = () => setPicker(undefined);

  return (
    <form class="transfer-form" onSubmit={(e) => e.preventDefault()} aria-label={i18n.t('popup.form.label')}>
      <fieldset disabled={busy}>
        <div class="side">
          <div class="side-head">
            <span class="side-label">{i18n.t('popup.form.from')}</span>
            <BalanceLine />
          </div>
          <SidePickers
            side="From"
            chain={fromChain}
            token={fromToken}
            onPickChain={() => setPicker('fromChain')}
            onPickToken={() => setPicker('fromToken')}
          />
          {sending ? <Lazy load={loadSendingSummary} props={{ sending }} /> : <AmountField />}
        </div>

        <button type="button" class="flip icon-button" aria-label={i18n.t('popup.form.swapDirection')} onClick={flip}>
          ⇅
        </button>

        <div class="side">
          <span class="side-label">{i18n.t('popup.form.to')}</span>
          <SidePickers
            side="To"
            chain={toChain}
            token={toToken}
            onPickChain={() => setPicker('toChain')}
            onPickToken={() => setPicker('toToken')}
          />
          {pairError && (
            <p class="error field-help" data-testid="pair-error" role="alert">
              {pairError}
            </p>
          )}
          <RecipientField />
        </div>

        <RouteOptions />
      </fieldset>

      {(picker === 'fromChain' || picker === 'toChain') && (
        <Lazy
          load={loadChainPicker}
          props={{
            label: picker === 'fromChain' ? i18n.t('popup.form.sendFromChain') : i18n.t('popup.form.receiveOnChain'),
            chains: picker === 'fromChain' ? chains.filter(isSourceChain) : chains,
            selected: picker === 'fromChain' ? fromChainId : toChainId,
            onClose: close,
            onPick: (id: number) => {
              if (picker === 'fromChain') setFromChain(id);
              else setToChain(id);
              close();
            },
          }}
        />
      )}
      {picker === 'fromToken' && fromChain && (
        <Lazy
          load={loadTokenPicker}
          props={{
            label: i18n.t('popup.form.tokenToSend'),
            chain: fromChain,
            onClose: close,
            onPick: (token: Token) => {
              setFromToken(token);
              close();
            },
          }}
        />
      )}
      {picker === 'toToken' && toChain && (
        <Lazy
          load={loadTokenPicker}
          props={{
            label: i18n.t('popup.form.tokenToReceive'),
            chain: toChain,
            onClose: close,
            onPick: (token: Token) => {
              setToToken(token);
              close();
            },
          }}
        />
      )}
    </form>
  );
}
