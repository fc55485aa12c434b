import { useEffect, useState } from 'preact/hooks';

/** How long "Copied" stays: long enough to be read, short enough not to linger over the next click. */
const COPIED_MS = 1500;

/**
 * Copies text to the clipboard and says how it went: `'yes'` for a moment, or `'refused'` until the next try, since
 * a person who was refused needs the words (and the text to copy by hand) to stay.
 */
export function useCopy(): { copied?: 'yes' | 'refused'; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState<'yes' | 'refused'>();
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(undefined), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      // Throws where the page may not use the clipboard (a refused permission, no focus, no clipboard at all).
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('refused');
    }
  };
  return { copied, copy };
}
