import { i18n } from '#i18n';
import { lookedUpStep } from '../../format/lookedUpText';
import type { SentTransfer } from '../../model/transfer';
import { usePopup } from './context';

/**
 * Under a looked-up transfer's headline: that the extension did not send it and believes only the chains, then its
 * next step in words (src/format/lookedUpText.ts), with Swap for a PARTIAL (the form prefilled with what arrived).
 */
export function LookedUpNotes({ t, chainName }: { t: SentTransfer; chainName: (id: number) => string }) {
  const applyPrefill = usePopup((s) => s.applyPrefill);
  const setView = usePopup((s) => s.setView);
  if (!t.lookedUp) return null;
  const step = lookedUpStep(t, chainName, Date.now());
  return (
    <>
      <p class="small muted" data-testid="looked-up-note">
        {i18n.t('lookup.notSent')}
      </p>
      {step && (
        <div class="small notice" data-testid="looked-up-step" data-kind={step.kind}>
          <p>{step.text}</p>
          {step.kind === 'waiting' && step.late && <p>{step.late}</p>}
          {step.kind === 'waiting' && step.page && (
            <a href={step.page.href} target="_blank" rel="noreferrer noopener" data-testid="looked-up-page">
              {step.page.label}
            </a>
          )}
          {step.kind === 'partial' && (
            <button
              type="button"
              class="secondary"
              data-testid="looked-up-swap"
              onClick={() => {
                setView('transfer');
                void applyPrefill(step.swap.prefill);
              }}
            >
              {step.swap.label}
            </button>
          )}
        </div>
      )}
    </>
  );
}
