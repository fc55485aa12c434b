import type { Difference, TransferRecord } from '../../model/transfer';
import { LOCAL_STATUS } from './localStatus';

/**
 * The words for a transfer that may not be the person's (MISMATCH / UNVERIFIED) and for one that could not be
 * checked on chain: one place, read by the notification (notificationText.ts) and by Activity, so both say the same.
 */

export const NOT_APPROVED_TITLE = 'This transaction is not the one you approved';

const LABELS: Record<string, string> = {
  hash: 'the chain returned another transaction',
  chainId: 'it is on another chain',
  from: 'it was sent from another account',
  to: 'it calls another contract',
  data: 'its call data differs (a recipient or an amount inside it was changed)',
  value: 'it moves another amount of native coin',
  'sending transaction': 'the service reports another sending transaction',
  'sending chain': 'the service reports another source chain',
  'sending address': 'the service reports another sender',
  'receiving address': 'the service reports another recipient',
  'refund address': 'the service reports a refund to someone else',
  'receiving chain': 'the service reports another destination chain',
  'receiving token': 'the service reports another token received',
  'received amount': 'the service reports less than your minimum',
};

/** Long hex (call data) cut to something a person can compare at a glance. */
const short = (value: string) =>
  /^0x[0-9a-fA-F]{42,}$/.test(value) ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;

export function describeDifference(d: Difference): string {
  return `${LABELS[d.field] ?? d.field}: ${short(d.actual)} instead of ${short(d.expected)}`;
}

export type FlaggedText = { title: string; message: string; advice: string; details: string[] };

/** Undefined unless the record is flagged. */
export function describeFlagged(record: TransferRecord, chainName: (id: number) => string): FlaggedText | undefined {
  // A record written without the storage migration (by hand, or a half-updated profile) has none: not checked.
  const check = record.sentCheck ?? { state: 'notChecked' };
  const chain = chainName(record.approvedTx?.chainId ?? record.fromChainId);
  const advice =
    'Open your wallet and check its recent activity. If it shows a transaction you did not mean, revoke any token ' +
    'approval you gave, and do not send from this page again.';
  if (record.status === LOCAL_STATUS.mismatch && check.state === 'mismatch') {
    const details = check.differences.map(describeDifference);
    return {
      title: NOT_APPROVED_TITLE,
      message: `The ${chain} transaction behind the hash your wallet answered is not what you approved: ${details[0]}.`,
      advice,
      details,
    };
  }
  if (record.status === LOCAL_STATUS.mismatch) {
    const details = (record.statusDifferences ?? []).map(describeDifference);
    return {
      title: 'The bridge reported a transfer that is not yours',
      message: `Not counted as received: ${details[0] ?? 'the report does not match this transfer'}.`,
      advice: 'Check the destination account on a block explorer before relying on this transfer.',
      details,
    };
  }
  if (record.status === LOCAL_STATUS.unverified && check.state === 'notFound') {
    return {
      title: NOT_APPROVED_TITLE,
      message: `${chain} does not know the transaction your wallet answered with (checked through ${check.rpcHost} for 10 minutes).`,
      advice,
      details: [`${record.txHash} is unknown on ${chain}`],
    };
  }
  if (record.status === LOCAL_STATUS.unverified && check.state === 'unreachable') {
    return {
      title: 'This transaction could not be verified',
      message: `${check.lastError} Nothing is counted as your transfer until it can be checked.`,
      advice: `Check the transaction in your wallet, or set a working RPC for ${chain} in Settings.`,
      details: [check.lastError],
    };
  }
  return undefined;
}

/** Said plainly next to an outcome whose sent transaction was not checked on chain; undefined when it was. */
export function notCheckedNote(record: TransferRecord, chainName: (id: number) => string): string | undefined {
  const state = record.sentCheck?.state ?? 'notChecked';
  if (state === 'noTrustedRpc')
    return `Not checked on chain: the extension trusts no RPC for ${chainName(record.approvedTx?.chainId ?? record.fromChainId)} (add one in Settings).`;
  if (state === 'notChecked') return 'Not checked on chain: recorded by an earlier version of the extension.';
  return undefined;
}
