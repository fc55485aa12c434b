import { useEffect, useState } from 'preact/hooks';

/**
 * Whether the person can see the page: a token page opened in a background tab, or a tab left behind, asks for no
 * quote (each one spends the person's route searches) until it is looked at.
 */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
