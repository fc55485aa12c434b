import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import type { Chain, Token } from '../../schemas/catalog';
import { usePopupApi } from './context';

/**
 * A pasted address the service does not list: looked up on chain through the trusted RPC, shown as the contract
 * describes itself with a warning (anyone can deploy a token called USDC), and imported only when the person says so.
 */
export function TokenImport(props: { chain: Chain; address: `0x${string}`; onPick(token: Token): void }) {
  const api = usePopupApi();
  const [state, setState] = useState<{ status: 'idle' | 'reading' | 'found' | 'error'; token?: Token; error?: string }>(
    { status: 'idle' },
  );
  const read = async (save: boolean) => {
    setState((s) => ({ ...s, status: 'reading', error: undefined }));
    try {
      const token = await api.importToken({ chainId: props.chain.id, address: props.address, save });
      if (save) props.onPick(token);
      else setState({ status: 'found', token });
    } catch (err) {
      setState({ status: 'error', error: userMessage(err) });
    }
  };
  return (
    <div class="token-import" data-testid="token-import">
      {state.status === 'found' && state.token ? (
        <>
          <p>
            <strong>{state.token.symbol}</strong> · {state.token.name} ·{' '}
            {i18n.t('popup.picker.decimals', [String(state.token.decimals)])}
          </p>
          <p class="warning small" role="alert">
            {i18n.t('popup.picker.importWarning', [props.chain.name])}
          </p>
          <button type="button" class="primary" onClick={() => void read(true)} data-testid="token-import-confirm">
            {i18n.t('popup.picker.import', [state.token.symbol])}
          </button>
        </>
      ) : (
        <button
          type="button"
          class="secondary"
          disabled={state.status === 'reading'}
          onClick={() => void read(false)}
          data-testid="token-import-look-up"
        >
          {state.status === 'reading'
            ? i18n.t('popup.picker.reading')
            : i18n.t('popup.picker.lookUp', [props.chain.name])}
        </button>
      )}
      {state.error && (
        <p class="error small" role="alert" data-testid="token-import-error">
          {state.error}
        </p>
      )}
    </div>
  );
}
