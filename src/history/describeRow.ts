import { i18n } from '#i18n';
import { feeLabel } from '../format/feeLabel';
import { statusLabel } from '../format/status';
import type { HistoryRow } from './historyRows';

/**
 * "Across: Ethereum → Arbitrum, Completed", that the arrival was not read on chain where it was not, and the fees by
 * who takes them as the service quoted them, in our words (src/format/feeLabel.ts).
 */
export function describeRow(row: HistoryRow): string {
  const head = i18n.t('history.description', [row.tool, row.fromChain.name, row.toChain.name, statusLabel(row.status)]);
  const step = row.step === undefined ? '' : ` ${i18n.t('history.step', [String(row.step)])}`;
  const unread = row.received ? '' : ` ${i18n.t('history.notReadOnChain')}`;
  const fees = row.feesQuoted?.length
    ? ` ${i18n.t('history.feesQuoted', [row.feesQuoted.map((f) => `${feeLabel(f, row.tool)} ${f.amount} ${f.symbol}`).join('; ')])}`
    : '';
  return `${head}${step}${unread}${fees}`;
}
