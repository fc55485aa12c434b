import { formatAmount } from '../../format/amount';
import { failureCause, statusWords } from '../../format/status';
import { shortAddress } from '../../lib/addresses';
import type { TransferRecord } from '../../model/transfer';
import type { ChainNamer } from '../chainNames';
import { describeFlagged, notCheckedNote } from './flaggedText';
import { LOCAL_STATUS } from './transferStatus';

export type OutcomeText = { title: string; message: string; warning?: boolean };

/**
 * What the notification (and the activity view) says about a final transfer. Uses the amounts the service reported
 * for the receiving leg, and the route's figures only when the service sent none.
 */
export function describeOutcome(record: TransferRecord, chainName: ChainNamer): OutcomeText {
  const flagged = describeFlagged(record, chainName);
  if (flagged) return { title: flagged.title, message: `${flagged.message} ${flagged.advice}`, warning: true };
  const outcome = describeServiceOutcome(record, chainName);
  const note = notCheckedNote(record, chainName);
  // Never a plain "complete" for a transfer the chain did not confirm was the person's.
  return note && record.status === 'DONE'
    ? {
        title: outcome.title.replace('Transfer complete', 'Transfer reported complete'),
        message: `${outcome.message}. ${note}`,
      }
    : outcome;
}

/** "Received", or who received it when the person sent to someone else: a notification must never imply it was them. */
const receiver = (record: TransferRecord) =>
  record.toAddress.toLowerCase() === record.fromAddress.toLowerCase()
    ? 'Received'
    : `${shortAddress(record.toAddress)} received`;

function describeServiceOutcome(record: TransferRecord, chainName: ChainNamer): OutcomeText {
  const received = () => {
    const token = record.receiving?.token ?? record.toToken;
    const amount = record.receiving?.amount ?? record.toAmount;
    const chainId = record.receiving?.chainId ?? record.toChainId;
    return {
      symbol: token.symbol,
      text: `${formatAmount(amount, token.decimals, 'receipt')} ${token.symbol}`,
      chainId,
    };
  };

  if (record.status === 'DONE') {
    const got = received();
    switch (record.substatus) {
      case 'PARTIAL':
        return {
          title: 'Transfer completed with another token',
          message: `${receiver(record)} ${got.text} on ${chainName(got.chainId)} instead of ${record.toToken.symbol}`,
        };
      case 'REFUNDED': {
        // The refund leg is the receiving leg when the service reports it; otherwise the tokens went back as sent.
        const token = record.receiving?.token ?? record.fromToken;
        const amount = record.receiving?.amount ?? record.fromAmount;
        const chainId = record.receiving?.chainId ?? record.fromChainId;
        return {
          title: 'Transfer refunded',
          message: `Refunded ${formatAmount(amount, token.decimals, 'receipt')} ${token.symbol} on ${chainName(chainId)}`,
        };
      }
      case undefined:
      case 'COMPLETED':
        return { title: 'Transfer complete', message: `${receiver(record)} ${got.text} on ${chainName(got.chainId)}` };
      default:
        return {
          title: `Transfer done (${record.substatus})`,
          message: `${receiver(record)} ${got.text} on ${chainName(got.chainId)}`,
        };
    }
  }
  if (record.status === 'FAILED') {
    return { title: 'Transfer failed', message: `Failed: ${failureCause(record.substatus, record.substatusMessage)}` };
  }
  if (record.status === LOCAL_STATUS.lost) {
    return { title: 'Transfer not found', message: `Not found: ${record.substatusMessage ?? ''}`.trim() };
  }
  if (record.status === LOCAL_STATUS.trackingStopped) {
    return { title: 'Transfer still unconfirmed', message: record.substatusMessage ?? 'Tracking stopped.' };
  }
  return {
    title: `Transfer ${statusWords(record.status)}`,
    message:
      record.substatusMessage ??
      `The routing service answered ${[record.status, record.substatus].filter(Boolean).join(' / ')}. Check the transaction on the block explorer.`,
  };
}
