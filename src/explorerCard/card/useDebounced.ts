import { useEffect, useState } from 'preact/hooks';

/** `value`, but only after it stopped changing for `delayMs` (typing an amount must not fire a search per key). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
