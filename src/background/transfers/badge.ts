import { browser } from 'wxt/browser';
import type { TransfersByHash } from '../../storage/transfers';

/** Number of transfers still in flight on the toolbar icon; no badge at 0. */
export async function updateBadge(transfers: TransfersByHash): Promise<void> {
  const inFlight = Object.values(transfers).filter((t) => !t.final).length;
  await browser.action.setBadgeText({ text: inFlight > 0 ? String(inFlight) : '' });
  if (inFlight > 0) await browser.action.setBadgeBackgroundColor({ color: '#3B5BDB' });
}
