import { NEEDS_PERSON, type TransferRecord } from './transfer';

/**
 * What the toolbar badge and the popup's Activity tab count: transactions in flight, and confirmed transfers
 * waiting for the person (a step to sign, a rate to answer, one to continue). One count, so both say the same.
 */
export function attentionCount(records: Iterable<TransferRecord>): number {
  let count = 0;
  for (const record of records) {
    count += record.sends.filter((send) => !send.final).length;
    if (record.execution && NEEDS_PERSON.has(record.execution.phase)) count += 1;
  }
  return count;
}
