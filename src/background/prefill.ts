import type { Prefill } from '../model/prefill';
import { prefillItem } from '../storage/prefill';

/** A prefill older than this is dropped: the person has moved on since the click. */
export const PREFILL_MAX_AGE_MS = 10 * 60 * 1000;

/** Stores the transfer the popup should open with (explorer card click, deep links). */
export async function setPrefill(prefill: Prefill, now: number = Date.now()): Promise<void> {
  await prefillItem.setValue({ prefill, storedAt: now });
}

/** Returns the waiting prefill once, and clears it. */
export async function takePrefill(now: number = Date.now()): Promise<Prefill | null> {
  const stored = await prefillItem.getValue();
  if (!stored) return null;
  await prefillItem.setValue(null);
  return now - stored.storedAt <= PREFILL_MAX_AGE_MS ? stored.prefill : null;
}
