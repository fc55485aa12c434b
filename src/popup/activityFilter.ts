import { isFlagged, LOCAL_STATUS } from '../model/localStatus';
import { NEEDS_PERSON, type TransferRecord } from '../model/transfer';
import { latestSend, stepCount } from './activityCards';

/**
 * Activity's search and status filter, and who sent each transfer: pure, for the view and its tests. A person with
 * several accounts, or many transfers, finds one by what they remember of it: a token, a chain, a hash, an address.
 */

/** The three groups the status filter offers: what still moves, what ended well, what the person should look at. */
export type ActivityState = 'progress' | 'done' | 'attention';
export type ActivityFilter = { query: string; state?: ActivityState };

/** Outcomes a person must look at even though nothing waits for their click: the funds may not be where meant. */
const ATTENTION_STATUSES: ReadonlySet<string> = new Set([
  'FAILED',
  'INVALID',
  LOCAL_STATUS.lost,
  LOCAL_STATUS.trackingStopped,
  // Nothing was sent, and an approval given for it may still be open.
  LOCAL_STATUS.cancelled,
]);

/** The account that signed the transfer: the execution's, else (recorded without one) its first transaction's. */
export const senderOf = (record: TransferRecord): string | undefined =>
  record.execution?.account ?? record.sends[0]?.fromAddress;

/** Every account that sent one of the records, once each whatever its case. */
export function sendersOf(records: readonly TransferRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const record of records) {
    const sender = senderOf(record);
    if (sender && !seen.has(sender.toLowerCase())) seen.set(sender.toLowerCase(), sender);
  }
  return [...seen.values()];
}

/** Which status group a transfer is in: waiting for the person or gone wrong first, then ended, else under way. */
export function activityStateOf(record: TransferRecord): ActivityState {
  if (record.execution && NEEDS_PERSON.has(record.execution.phase)) return 'attention';
  if (record.sends.some((t) => isFlagged(t) || ATTENTION_STATUSES.has(t.status))) return 'attention';
  // A route the person stopped after a step ended there, by their decision.
  if (record.execution?.phase === 'stopped') return 'done';
  const last = latestSend(record);
  const allSent = record.sends.length >= stepCount(record);
  return last?.final && last.status === 'DONE' && allSent ? 'done' : 'progress';
}

/** Everything a search may name in a record, lower case: tokens, chains, bridge, hashes and addresses. */
function searchableText(record: TransferRecord, chainName: (id: number) => string): string {
  const words: (string | undefined)[] = [];
  const e = record.execution;
  if (e) {
    const action = e.route.action;
    words.push(e.account, e.recipient, action?.fromToken.symbol, action?.toToken.symbol, e.route.toolDetails?.name);
    words.push(chainName(e.choice.fromChainId), chainName(e.choice.toChainId));
  }
  for (const t of record.sends) {
    words.push(t.txHash, t.receiving?.txHash, t.fromAddress, t.toAddress, t.fromToken.symbol, t.toToken.symbol);
    words.push(t.toolName, chainName(t.fromChainId), chainName(t.toChainId));
  }
  return words.filter(Boolean).join('\n').toLowerCase();
}

/** Whether the record holds every word of the query (each a part of a symbol, chain, hash or address). */
export function matchesQuery(record: TransferRecord, query: string, chainName: (id: number) => string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchableText(record, chainName);
  return words.every((word) => text.includes(word));
}

/** The records the search and the status filter leave, in their order. */
export function filterActivity(
  records: readonly TransferRecord[],
  filter: ActivityFilter,
  chainName: (id: number) => string,
): TransferRecord[] {
  return records.filter(
    (record) =>
      (filter.state === undefined || activityStateOf(record) === filter.state) &&
      matchesQuery(record, filter.query, chainName),
  );
}
