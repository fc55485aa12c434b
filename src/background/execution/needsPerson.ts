import type { ExecutionRecord } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import { chainNamer } from '../chainNames';
import { noticeNeedsPerson } from './executionNotices';

/** Tells the person an execution waits for them (executionNotices.ts), in their language, naming chains by the list. */
export function createNeedsPerson(deps: {
  enabled: () => Promise<boolean>;
  chains: () => Promise<Chain[] | undefined>;
}): (record: ExecutionRecord) => Promise<void> {
  return async (record) => {
    const enabled = await deps.enabled();
    const list = await deps.chains();
    return noticeNeedsPerson(record, enabled, chainNamer(list), list);
  };
}
