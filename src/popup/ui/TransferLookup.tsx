import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { userMessage } from '../../errors/userMessage';
import { lookupAnswerText } from '../../format/lookupAnswer';
import { parseLookupRef } from '../../model/lookup';
import { usePopup } from './context';

type Said = { ok: boolean; text: string };

/**
 * "Look up a transfer": a source transaction hash or LI.FI's transactionId of a transfer made anywhere, and the chain
 * when the person knows it. The background reads it on chain and follows it (src/background/lookup/); what it
 * found, or why nothing was recorded, is said in words. What was typed stays in the field whatever the answer.
 */
export function TransferLookup({ chainName }: { chainName: (id: number) => string }) {
  const chains = usePopup((s) => s.chains);
  const lookUp = usePopup((s) => s.lookUpTransfer);
  const [text, setText] = useState('');
  const [chainId, setChainId] = useState<number>();
  const [looking, setLooking] = useState(false);
  const [said, setSaid] = useState<Said>();

  async function submit(event: Event) {
    event.preventDefault();
    const ref = parseLookupRef(text);
    if (!ref) {
      setSaid({ ok: false, text: i18n.t('lookup.malformed') });
      return;
    }
    setLooking(true);
    setSaid(undefined);
    try {
      setSaid(lookupAnswerText(await lookUp(ref, chainId), chainName));
    } catch (err) {
      setSaid({ ok: false, text: userMessage(err) });
    } finally {
      setLooking(false);
    }
  }

  return (
    <details class="lookup" data-testid="transfer-lookup">
      <summary>{i18n.t('lookup.title')}</summary>
      <form class="lookup-form" onSubmit={submit}>
        <p class="small muted" id="lookup-hint">
          {i18n.t('lookup.hint')}
        </p>
        <label class="small">
          {i18n.t('lookup.field')}
          <input
            type="text"
            class="mono"
            spellcheck={false}
            autocomplete="off"
            aria-describedby="lookup-hint"
            value={text}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
            data-testid="lookup-ref"
          />
        </label>
        <label class="small">
          {i18n.t('lookup.chain')}
          <select
            value={chainId === undefined ? '' : String(chainId)}
            onChange={(e) => {
              const value = (e.target as HTMLSelectElement).value;
              setChainId(value === '' ? undefined : Number(value));
            }}
            data-testid="lookup-chain"
          >
            <option value="">{i18n.t('lookup.anyChain')}</option>
            {chains
              .filter((c) => c.chainType === 'EVM')
              .map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" disabled={looking} data-testid="lookup-submit">
          {looking ? i18n.t('lookup.looking') : i18n.t('lookup.submit')}
        </button>
        {said && (
          <p
            class={said.ok ? 'small ok' : 'small error'}
            role={said.ok ? 'status' : 'alert'}
            data-testid="lookup-said"
            data-ok={String(said.ok)}
          >
            {said.text}
          </p>
        )}
      </form>
    </details>
  );
}
