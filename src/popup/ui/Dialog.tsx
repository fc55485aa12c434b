import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';

/** Modal panel over the popup: Escape closes, focus returns to the opener. */
export function Dialog(props: { label: string; onClose(): void; children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  // Layout effect: focus moves in the same frame the dialog appears, so the first keystroke lands in it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The search field first (typing is what a person does next), else the first button.
    const first = ref.current?.querySelector<HTMLElement>('input') ?? ref.current?.querySelector<HTMLElement>('button');
    first?.focus();
    return () => opener?.focus();
  }, []);
  return (
    <div class="dialog-backdrop">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        ref={ref}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onClose();
          } else if (e.key === 'Tab') {
            // Keep keyboard focus inside the dialog while it is open.
            const focusable = [...(ref.current?.querySelectorAll<HTMLElement>('input, button:not([disabled])') ?? [])];
            const first = focusable[0];
            const last = focusable.at(-1);
            if (e.shiftKey && document.activeElement === first) {
              e.preventDefault();
              last?.focus();
            } else if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <div class="dialog-head">
          <h2>{props.label}</h2>
          <button type="button" class="icon-button" aria-label={i18n.t('popup.close')} onClick={props.onClose}>
            ×
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}
