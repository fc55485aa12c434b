import { i18n } from '#i18n';
import { LOCAL_STATUS } from '../model/localStatus';
import type { Difference, SentTransfer } from '../model/transfer';
import { isNativeToken } from '../schemas/primitives';
import { formatAmount } from './amount';

/**
 * The words for a transfer that may not be the person's (MISMATCH / UNVERIFIED) and for one that could not be
 * checked on chain: one place, read by the notification (notificationText.ts) and by Activity, so both say the same.
 */

export const notApprovedTitle = () => i18n.t('flagged.notApprovedTitle');

const LABELS: Record<string, () => string> = {
  hash: () => i18n.t('flagged.field.hash'),
  chainId: () => i18n.t('flagged.field.chainId'),
  from: () => i18n.t('flagged.field.from'),
  to: () => i18n.t('flagged.field.to'),
  data: () => i18n.t('flagged.field.data'),
  value: () => i18n.t('flagged.field.value'),
  'batch call': () => i18n.t('flagged.field.batchCall'),
  'sending transaction': () => i18n.t('flagged.field.sendingTransaction'),
  'sending chain': () => i18n.t('flagged.field.sendingChain'),
  'sending address': () => i18n.t('flagged.field.sendingAddress'),
  'receiving address': () => i18n.t('flagged.field.receivingAddress'),
  'refund address': () => i18n.t('flagged.field.refundAddress'),
  'receiving chain': () => i18n.t('flagged.field.receivingChain'),
  'receiving token': () => i18n.t('flagged.field.receivingToken'),
  'received amount': () => i18n.t('flagged.field.receivedAmount'),
};

/** Long hex (call data) cut to something a person can compare at a glance. */
const short = (value: string) =>
  /^0x[0-9a-fA-F]{42,}$/.test(value) ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;

/** A chain's native coin, for an amount of it in base units (wei). */
export type Coin = { symbol: string; decimals: number };
/** The native coin of a chain from the catalog's chain list; undefined where the list does not name it. */
export type CoinOf = (chainId: number) => Coin | undefined;

/** `coin`: a difference in the native value is written in it (0.001 ETH), never in wei; unknown, in wei said so. */
export function describeDifference(d: Difference, coin?: Coin): string {
  const amount = (units: string) =>
    /^\d+$/.test(units) ? (coin ? `${formatAmount(units, coin.decimals)} ${coin.symbol}` : `${units} wei`) : units;
  const show = d.field === 'value' ? amount : short;
  return i18n.t('flagged.difference', [LABELS[d.field]?.() ?? d.field, show(d.actual), show(d.expected)]);
}

/** The source chain's coin: from the chain list, else the token sent when it is that coin. */
function sourceCoin(record: SentTransfer, coinOf: CoinOf | undefined): Coin | undefined {
  const chainId = record.approvedTx?.chainId ?? record.fromChainId;
  const listed = coinOf?.(chainId);
  if (listed) return listed;
  const sent = record.fromToken;
  return sent && record.fromChainId === chainId && isNativeToken(sent.address) ? sent : undefined;
}

export type FlaggedText = { title: string; message: string; advice: string; details: string[] };

/** Undefined unless the record is flagged. */
export function describeFlagged(
  record: SentTransfer,
  chainName: (id: number) => string,
  coinOf?: CoinOf,
): FlaggedText | undefined {
  const coin = sourceCoin(record, coinOf);
  const describe = (d: Difference) => describeDifference(d, coin);
  // A record written without the storage migration (by hand, or a half-updated profile) has none: not checked.
  const check = record.sentCheck ?? { state: 'notChecked' };
  const chain = chainName(record.approvedTx?.chainId ?? record.fromChainId);
  const advice = i18n.t('flagged.advice');
  if (record.status === LOCAL_STATUS.mismatch && check.state === 'mismatch') {
    const details = check.differences.map(describe);
    return {
      title: notApprovedTitle(),
      message: i18n.t('flagged.mismatchMessage', [chain, details[0] ?? '']),
      advice,
      details,
    };
  }
  if (record.status === LOCAL_STATUS.replaced && check.state === 'replaced') {
    const details = check.differences.map(describe);
    return {
      title: i18n.t('replaced.otherTitle'),
      message: i18n.t('replaced.otherMessage', [chain, check.by.slice(0, 10), details[0] ?? '']),
      advice,
      details: [...details, check.by],
    };
  }
  if (record.status === LOCAL_STATUS.mismatch) {
    const details = (record.statusDifferences ?? []).map((d) => describeDifference(d));
    return {
      title: i18n.t('flagged.notYoursTitle'),
      message: i18n.t('flagged.notYoursMessage', [details[0] ?? i18n.t('flagged.notYoursDefault')]),
      advice: i18n.t('flagged.notYoursAdvice'),
      details,
    };
  }
  if (record.status === LOCAL_STATUS.notArrived && record.arrival?.state === 'contradicted') {
    const { reason, rpcHost } = record.arrival;
    const where = chainName(record.substatus === 'REFUNDED' ? record.fromChainId : record.toChainId);
    const why = ARRIVAL_REASONS[reason]?.() ?? reason;
    return {
      title: i18n.t('flagged.notArrivedTitle'),
      message: i18n.t('flagged.notArrivedMessage', [where, why, rpcHost]),
      advice: i18n.t('flagged.notYoursAdvice'),
      details: [why, ...(record.receiving?.txHash ? [record.receiving.txHash] : [])],
    };
  }
  if (record.status === LOCAL_STATUS.unverified && check.state === 'notFound') {
    return {
      title: notApprovedTitle(),
      message: i18n.t('flagged.unknownMessage', [chain, check.rpcHost]),
      advice,
      details: [i18n.t('flagged.unknownDetail', [record.txHash, chain])],
    };
  }
  if (record.status === LOCAL_STATUS.unverified && check.state === 'unreachable') {
    return {
      title: i18n.t('flagged.unverifiedTitle'),
      message: i18n.t('flagged.unverifiedMessage', [check.lastError]),
      advice: i18n.t('flagged.unverifiedAdvice', [chain]),
      details: [check.lastError],
    };
  }
  return undefined;
}

/** Why the destination chain does not show a reported arrival (src/confirmation/arrivalCheck.ts's reasons). */
const ARRIVAL_REASONS: Record<string, () => string> = {
  notFound: () => i18n.t('flagged.arrival.notFound'),
  reverted: () => i18n.t('flagged.arrival.reverted'),
  noTransfer: () => i18n.t('flagged.arrival.noTransfer'),
  wrongToken: () => i18n.t('flagged.arrival.wrongToken'),
  wrongRecipient: () => i18n.t('flagged.arrival.wrongRecipient'),
  belowMinimum: () => i18n.t('flagged.arrival.belowMinimum'),
};

/** Why a reported arrival could not be read on chain (the trusted RPC's own error stays in the record's details). */
const UNCHECKED_REASONS: Record<string, () => string> = {
  noReceivingTx: () => i18n.t('flagged.unchecked.noReceivingTx'),
  pending: () => i18n.t('flagged.unchecked.pending'),
  rpcFailed: () => i18n.t('flagged.unchecked.rpcFailed'),
  wrongChain: () => i18n.t('flagged.unchecked.wrongChain'),
  notExact: () => i18n.t('flagged.unchecked.notExact'),
};

/**
 * Said plainly next to an outcome whose sent transaction, or whose reported arrival, was not checked on chain;
 * undefined when both were.
 */
export function notCheckedNote(record: SentTransfer, chainName: (id: number) => string): string | undefined {
  const state = record.sentCheck?.state ?? 'notChecked';
  const notes: string[] = [];
  if (state === 'noTrustedRpc')
    notes.push(i18n.t('flagged.noTrustedRpc', [chainName(record.approvedTx?.chainId ?? record.fromChainId)]));
  if (state === 'notChecked') notes.push(i18n.t('flagged.notChecked'));
  const arrival = record.arrival;
  if (arrival?.state === 'unchecked' && record.final) {
    const chain = chainName(record.substatus === 'REFUNDED' ? record.fromChainId : record.toChainId);
    notes.push(
      arrival.reason === 'noTrustedRpc'
        ? i18n.t('flagged.arrivalNoRpc', [chain])
        : i18n.t('flagged.arrivalUnchecked', [chain, UNCHECKED_REASONS[arrival.reason]?.() ?? arrival.reason]),
    );
  }
  return notes.length > 0 ? notes.join(' ') : undefined;
}
