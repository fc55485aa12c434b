import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import type { Chain } from '../../schemas/catalog';
import { usePopupApi, usePopupStore } from './context';

/**
 * Asked before the first transfer on a chain the extension pins no RPC for: the person's own RPC URL, checked by
 * the background (https or loopback, eth_chainId equal to the chain) before it is kept in the settings. The popup
 * never fills it in from the page, the routing service or LI.FI's listing.
 */
export function RpcPrompt({ chain }: { chain: Chain }) {
  const api = usePopupApi();
  const store = usePopupStore();
  const [url, setUrl] = useState('');
  const [state, setState] = useState<{ checking: boolean; error?: string }>({ checking: false });
  const submit = async (event: Event) => {
    event.preventDefault();
    setState({ checking: true });
    try {
      const settings = await api.addChainRpc({ chainId: chain.id, chainName: chain.name, url });
      // The settings the background kept: the prompt goes, and Settings shows the new RPC.
      store.setState({ settings });
    } catch (err) {
      setState({ checking: false, error: userMessage(err) });
    }
  };
  const inputId = `rpc-prompt-${chain.id}`;
  return (
    <form
      class="warning"
      aria-label={i18n.t('rpcPrompt.title', [chain.name])}
      data-testid="rpc-prompt"
      onSubmit={submit}
      noValidate
    >
      <p>
        <strong>{i18n.t('rpcPrompt.title', [chain.name])}</strong>
      </p>
      <p class="small">{i18n.t('rpcPrompt.why', [chain.name])}</p>
      <label class="field" for={inputId}>
        {i18n.t('rpcPrompt.label', [chain.name])}
        <input
          id={inputId}
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          placeholder="https://"
          value={url}
          aria-invalid={state.error ? 'true' : undefined}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          data-testid="rpc-prompt-url"
        />
      </label>
      {state.error && (
        <p class="error small" role="alert" data-testid="rpc-prompt-error">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={state.checking || url.trim() === ''} data-testid="rpc-prompt-save">
        {state.checking ? i18n.t('rpcPrompt.checking') : i18n.t('rpcPrompt.save')}
      </button>
    </form>
  );
}
