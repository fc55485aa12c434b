import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';

/** What Tab moves between inside the dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';
/** A field the person types in: the only control focus may start on (never a box that widens what is signed). */
const TYPING_FIELD = 'input[type="search"], input[type="text"], input:not([type])';

/** Modal panel over the popup: Escape closes, focus returns to the opener. */
export function Dialog(props: { label: string; onClose(): void; children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Layout effect: focus moves in the same frame the dialog appears, so the first keystroke lands in it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // A search field first (typing is what a person does next), else the heading: a Space or Enter pressed at once
    // then changes nothing, where on the first control it could tick "unlimited approval" unseen below the fold.
    const first = ref.current?.querySelector<HTMLElement>(TYPING_FIELD) ?? heading.current;
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
            const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
            const first = focusable[0];
            const last = focusable.at(-1);
            if (e.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
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
          <h2 tabIndex={-1} ref={heading}>
            {props.label}
          </h2>
          <button type="button" class="icon-button" aria-label={i18n.t('popup.close')} onClick={props.onClose}>
            ×
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}
