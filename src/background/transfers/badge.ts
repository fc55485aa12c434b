import { NEEDS_PERSON, type TransfersById } from '../../model/transfer';
import { transfersItem } from '../../storage/transfers';
import { toolbarAction } from '../toolbarAction';

/** What the toolbar icon counts: transactions in flight, and confirmed transfers waiting for the person. */
export function badgeCount(records: TransfersById): number {
  let count = 0;
  for (const record of Object.values(records)) {
    count += record.sends.filter((send) => !send.final).length;
    if (record.execution && NEEDS_PERSON.has(record.execution.phase)) count += 1;
  }
  return count;
}

/** Sets the badge from what is stored (or from `records` when the caller just wrote them); none at 0. */
export async function updateBadge(records?: TransfersById): Promise<void> {
  const count = badgeCount(records ?? (await transfersItem.getValue()));
  await toolbarAction().setBadgeText({ text: count > 0 ? String(count) : '' });
  if (count > 0) await toolbarAction().setBadgeBackgroundColor({ color: '#3B5BDB' });
}
