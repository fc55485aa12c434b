import { formatAmount } from '../format/amount';
import { receivedText } from '../format/receivedAmount';
import { isFlagged } from '../model/localStatus';
import {
  type ExecutionRecord,
  hasExecution,
  NEEDS_PERSON,
  type SentTransfer,
  type TransferRecord,
} from '../model/transfer';
import { stepsOf } from '../signing/routeSteps';

/**
 * Activity shows one card per transfer the person made (one record), however many transactions its route sent: a
 * route of two signatures is one transfer, not two unrelated ones. Pure, for the view and its tests.
 */

/** How many transactions the transfer takes: its route's steps, or what it sent when no execution is left. */
export const stepCount = (record: TransferRecord): number =>
  Math.max(record.execution ? stepsOf(record.execution.route).length : 1, record.sends.length);

/** The transaction whose status the card's badge shows: the latest sent. */
export const latestSend = (record: TransferRecord): SentTransfer | undefined => record.sends.at(-1);

/**
 * "60 USDC → 49.33 ARB": what was sent, and what arrived at the end of the whole route as the chain read it (the
 * token alone until then). An earlier step's arrival is not what the person asked for, so it is never the headline.
 */
export function headlineOf(record: TransferRecord): string {
  const first = record.sends[0];
  const route = record.execution?.route;
  const action = route?.action;
  const fromToken = first?.fromToken ?? action?.fromToken;
  const fromAmount = first?.fromAmount ?? record.execution?.choice.fromAmount;
  const last = latestSend(record);
  const toSymbol = action?.toToken.symbol ?? last?.toToken.symbol ?? '';
  const complete = last !== undefined && record.sends.length >= stepCount(record);
  const received = complete ? receivedText(last) : undefined;
  const sent = fromToken && fromAmount ? `${formatAmount(fromAmount, fromToken.decimals)} ${fromToken.symbol}` : '';
  return `${sent} → ${received ?? toSymbol}`.trim();
}

/**
 * The cards in the order Activity lists them: transfers waiting for the person (to continue or answer), then the
 * others, a transfer that may not be the person's first whatever its age, each group newest first.
 */
export function activityCards(records: readonly TransferRecord[]): {
  waiting: ExecutionRecord[];
  cards: TransferRecord[];
} {
  const newest = [...records].sort((a, b) => b.createdAt - a.createdAt);
  const waits = (r: TransferRecord): r is ExecutionRecord => hasExecution(r) && NEEDS_PERSON.has(r.execution.phase);
  const waiting = newest.filter(waits);
  const others = newest.filter((r) => !waits(r) && r.sends.length > 0);
  const flagged = (r: TransferRecord) => r.sends.some(isFlagged);
  return { waiting, cards: [...others.filter(flagged), ...others.filter((r) => !flagged(r))] };
}
