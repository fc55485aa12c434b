import { i18n } from '#i18n';
import { useCopy } from './useCopy';

/**
 * A small "Copy" beside a hash or an address shown short: copies the whole value, then says "Copied". Refused by the
 * browser, it says so and shows the whole value selected for copying by hand, so the person is never left without it.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <span class="copy">
      <button type="button" class="link" aria-label={label} title={label} onClick={() => void copy(value)}>
        {i18n.t('popup.copy.button')}
      </button>
      {copied === 'yes' && (
        <span class="ok" role="status" data-testid="copy-state">
          {i18n.t('popup.wallet.copied')}
        </span>
      )}
      {copied === 'refused' && (
        <span class="error copy-refused" role="alert" data-testid="copy-state">
          {i18n.t('popup.copy.refused')}{' '}
          <code class="mono break" ref={selectText}>
            {value}
          </code>
        </span>
      )}
    </span>
  );
}

/** Selects the value shown after a refusal: one Ctrl+C away. */
function selectText(el: HTMLElement | null) {
  const selection = el ? el.ownerDocument.defaultView?.getSelection?.() : undefined;
  if (!el || !selection) return;
  selection.selectAllChildren(el);
}
