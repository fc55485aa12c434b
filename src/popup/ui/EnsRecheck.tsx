import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { EnsAnswer } from '../validation';
import { usePopup } from './context';

/**
 * The review's second look at an ENS name: `same` when it still points to the address the review shows, `changed`
 * or `failed` (with the new answer) when not, `checking` meanwhile, `none` when no name was typed.
 */
export type EnsRecheck =
  | { kind: 'none' }
  | { kind: 'checking'; name: string }
  | { kind: 'same'; name: string }
  | { kind: 'changed'; name: string; typed: string; answer: Extract<EnsAnswer, { kind: 'resolved' }> }
  | { kind: 'failed'; name: string; typed: string; answer: Exclude<EnsAnswer, { kind: 'resolved' }> };

/** Looks the typed name up again when the review opens, and compares it with `shown`, the address to be sent to. */
export function useEnsRecheck(name: string | undefined, shown: string | undefined): EnsRecheck {
  const typed = usePopup((s) => s.ens?.typed);
  const recheck = usePopup((s) => s.recheckRecipientName);
  const [read, setRead] = useState<{ key: string; answer?: EnsAnswer }>();
  const key = `${typed}:${shown}`;
  useEffect(() => {
    if (!name || !typed || !shown) return;
    let current = true;
    void recheck().then((answer) => current && setRead({ key, answer }));
    return () => {
      current = false;
    };
    // The key names the name and the address: one look per review of them.
  }, [key, name]);
  if (!name || !typed || !shown) return { kind: 'none' };
  if (read?.key !== key || !read.answer) return { kind: 'checking', name };
  const { answer } = read;
  if (answer.kind !== 'resolved') return { kind: 'failed', name, typed, answer };
  if (answer.address.toLowerCase() === shown.toLowerCase()) return { kind: 'same', name };
  return { kind: 'changed', name, typed, answer };
}

/** Whether the review must hold Confirm back: the name is not (yet) confirmed to point where the review says. */
export const ensHoldsConfirm = (check: EnsRecheck): boolean =>
  check.kind === 'checking' || check.kind === 'changed' || check.kind === 'failed';

/** The line under the review's recipient saying what the second look found. */
export function EnsRecheckNote({ check, shown }: { check: EnsRecheck; shown: string }) {
  if (check.kind === 'none') return null;
  if (check.kind === 'checking') {
    return (
      <span class="muted small" data-testid="review-ens-checking">
        {i18n.t('popup.review.ensChecking', [check.name])}
      </span>
    );
  }
  if (check.kind === 'same') {
    return (
      <span class="muted small" data-testid="review-ens">
        {i18n.t('popup.review.ensName', [check.name])}
      </span>
    );
  }
  const why =
    check.kind === 'changed'
      ? i18n.t('popup.review.ensChanged', [check.name, check.answer.address, shown])
      : i18n.t('popup.review.ensFailed', [
          check.name,
          check.answer.kind === 'notFound'
            ? i18n.t('popup.validation.ensNotFound', [check.answer.name])
            : check.answer.message,
        ]);
  return (
    <span class="error small break" role="alert" data-testid="review-ens-changed">
      {why}
    </span>
  );
}
