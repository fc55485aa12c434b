import type { TransfersByHash } from '../../storage/transfers';
import { toolbarAction } from '../toolbarAction';

/** Number of transfers still in flight on the toolbar icon; no badge at 0. */
export async function updateBadge(transfers: TransfersByHash): Promise<void> {
  const inFlight = Object.values(transfers).filter((t) => !t.final).length;
  await toolbarAction().setBadgeText({ text: inFlight > 0 ? String(inFlight) : '' });
  if (inFlight > 0) await toolbarAction().setBadgeBackgroundColor({ color: '#3B5BDB' });
}
