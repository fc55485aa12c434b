import { type ExecutionsById, NEEDS_PERSON } from '../../model/execution';
import { executionsItem } from '../../storage/executions';
import { type TransfersByHash, transfersItem } from '../../storage/transfers';
import { toolbarAction } from '../toolbarAction';

/** What the toolbar icon counts: transfers in flight, and confirmed transfers waiting for the person. */
export function badgeCount(transfers: TransfersByHash, executions: ExecutionsById): number {
  const inFlight = Object.values(transfers).filter((t) => !t.final).length;
  const waiting = Object.values(executions).filter((e) => NEEDS_PERSON.has(e.phase)).length;
  return inFlight + waiting;
}

/** Sets the badge from what is stored (either map may be passed when the caller just wrote it); none at 0. */
export async function updateBadge(transfers?: TransfersByHash, executions?: ExecutionsById): Promise<void> {
  const count = badgeCount(
    transfers ?? (await transfersItem.getValue()),
    executions ?? (await executionsItem.getValue()),
  );
  await toolbarAction().setBadgeText({ text: count > 0 ? String(count) : '' });
  if (count > 0) await toolbarAction().setBadgeBackgroundColor({ color: '#3B5BDB' });
}
