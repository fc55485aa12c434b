import { attentionCount } from '../../model/attention';
import type { TransfersById } from '../../model/transfer';
import { transferRecords } from '../../storage/transfers';
import { toolbarAction } from '../toolbarAction';

/** What the toolbar icon counts (src/model/attention.ts, which the popup's Activity tab counts too). */
export const badgeCount = (records: TransfersById): number => attentionCount(Object.values(records));

/** Sets the badge from what is stored (or from `records` when the caller just wrote them); none at 0. */
export async function updateBadge(records?: TransfersById): Promise<void> {
  const count = badgeCount(records ?? (await transferRecords.get()));
  await toolbarAction().setBadgeText({ text: count > 0 ? String(count) : '' });
  if (count > 0) await toolbarAction().setBadgeBackgroundColor({ color: '#3B5BDB' });
}
