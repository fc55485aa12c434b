import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { type CoinOf, describeFlagged, notCheckedNote } from '../../format/flaggedText';
import { receivedOnChain } from '../../format/receivedAmount';
import { failureCause, statusWords } from '../../format/status';
import { shortAddress } from '../../lib/addresses';
import type { SentTransfer, TransferRecord } from '../../model/transfer';
import { stepsOf } from '../../signing/routeSteps';
import type { ChainNamer } from '../chainNames';
import { LOCAL_STATUS } from './transferStatus';

export type OutcomeText = { title: string; message: string; warning?: boolean };

/**
 * Whether the outcome of this transaction gets no notification of its own: a step before the last of a route that
 * the service reports arrived. What arrived is not what the person asked for, and the route is not complete: the
 * execution's notice says it arrived and asks for the next signature, or says why the next step was not started
 * (src/background/execution/executionNotices.ts). A warning (not what was approved, not on chain) is never held back.
 */
export function saysNothingOnItsOwn(record: SentTransfer, owner: TransferRecord | undefined): boolean {
  const route = owner?.execution?.route;
  if (!route || record.step === undefined) return false;
  return record.step < stepsOf(route).length - 1 && record.status === 'DONE';
}

/**
 * What the notification (and the activity view) says about a final transfer. Uses the amount the destination chain
 * showed arriving (arrivalConfirm.ts); for an arrival it could not check, the service's figures, else the route's.
 */
export function describeOutcome(record: SentTransfer, chainName: ChainNamer, coinOf?: CoinOf): OutcomeText {
  const flagged = describeFlagged(record, chainName, coinOf);
  if (flagged) return { title: flagged.title, message: `${flagged.message} ${flagged.advice}`, warning: true };
  // Cancelled in the wallet: nothing was sent, nothing to follow (Activity shows an approval it may have left open).
  if (record.status === LOCAL_STATUS.cancelled)
    return { title: i18n.t('replaced.cancelledTitle'), message: i18n.t('replaced.cancelled') };
  const outcome = describeServiceOutcome(record, chainName);
  const note = notCheckedNote(record, chainName);
  // Never a plain "complete" for a transfer the chain did not confirm was the person's.
  return note && record.status === 'DONE'
    ? {
        title:
          outcome.title === i18n.t('notify.completeTitle') ? i18n.t('notify.reportedCompleteTitle') : outcome.title,
        message: `${outcome.message}. ${note}`,
      }
    : outcome;
}

/** "Received", or who received it when the person sent to someone else: a notification must never imply it was them. */
const receiver = (record: SentTransfer) =>
  record.toAddress.toLowerCase() === record.fromAddress.toLowerCase()
    ? i18n.t('notify.received')
    : i18n.t('notify.someoneReceived', [shortAddress(record.toAddress)]);

function describeServiceOutcome(record: SentTransfer, chainName: ChainNamer): OutcomeText {
  const onChain = receivedOnChain(record);
  const received = () => {
    const token = onChain?.token ?? record.receiving?.token ?? record.toToken;
    const amount = onChain?.amount ?? record.receiving?.amount ?? record.toAmount;
    const chainId = record.receiving?.chainId ?? record.toChainId;
    return {
      symbol: token.symbol,
      text: `${formatAmount(amount, token.decimals)} ${token.symbol}`,
      chainId,
    };
  };

  if (record.status === 'DONE') {
    const got = received();
    switch (record.substatus) {
      case 'PARTIAL':
        return {
          title: i18n.t('notify.partialTitle'),
          message: i18n.t('notify.partialMessage', [
            receiver(record),
            got.text,
            chainName(got.chainId),
            record.toToken.symbol,
          ]),
        };
      case 'REFUNDED': {
        // The refund leg is the receiving leg when the service reports it; otherwise the tokens went back as sent.
        const token = onChain?.token ?? record.receiving?.token ?? record.fromToken;
        const amount = onChain?.amount ?? record.receiving?.amount ?? record.fromAmount;
        const chainId = onChain ? record.fromChainId : (record.receiving?.chainId ?? record.fromChainId);
        return {
          title: i18n.t('notify.refundedTitle'),
          message: i18n.t('notify.refundedMessage', [
            `${formatAmount(amount, token.decimals)} ${token.symbol}`,
            chainName(chainId),
          ]),
        };
      }
      case undefined:
      case 'COMPLETED':
        return {
          title: i18n.t('notify.completeTitle'),
          message: i18n.t('notify.completeMessage', [receiver(record), got.text, chainName(got.chainId)]),
        };
      default:
        return {
          title: i18n.t('notify.doneTitle', [record.substatus]),
          message: i18n.t('notify.completeMessage', [receiver(record), got.text, chainName(got.chainId)]),
        };
    }
  }
  if (record.status === 'FAILED') {
    return {
      title: i18n.t('notify.failedTitle'),
      message: i18n.t('notify.failedMessage', [failureCause(record.substatus, record.substatusMessage)]),
    };
  }
  if (record.status === LOCAL_STATUS.lost) {
    return {
      title: i18n.t('notify.lostTitle'),
      message: i18n.t('notify.lostMessage', [record.substatusMessage ?? '']).trim(),
    };
  }
  if (record.status === LOCAL_STATUS.trackingStopped) {
    return {
      title: i18n.t('notify.stoppedTitle'),
      message: record.substatusMessage ?? i18n.t('notify.stoppedMessage'),
    };
  }
  return {
    title: i18n.t('notify.otherTitle', [statusWords(record.status)]),
    message:
      record.substatusMessage ??
      i18n.t('notify.otherMessage', [[record.status, record.substatus].filter(Boolean).join(' / ')]),
  };
}
