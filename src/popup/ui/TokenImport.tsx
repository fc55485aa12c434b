import { useState } from 'preact/hooks';
import { userMessage } from '../../errors/base';
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
            <strong>{state.token.symbol}</strong> · {state.token.name} · {state.token.decimals} decimals
          </p>
          <p class="warning small" role="alert">
            This token is not on the service's list. Anyone can create a token with any name and symbol: import it only
            if you got this address from a source you trust, and check it on {props.chain.name}'s explorer.
          </p>
          <button type="button" class="primary" onClick={() => void read(true)} data-testid="token-import-confirm">
            Import {state.token.symbol}
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
          {state.status === 'reading' ? 'Reading the token…' : `Look up this address on ${props.chain.name}`}
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
