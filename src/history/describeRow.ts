import { i18n } from '#i18n';
import { statusLabel } from '../format/status';
import type { HistoryRow } from './historyRows';

/** "Across: Ethereum → Arbitrum, Completed", and that the arrival was not read on chain where it was not. */
export function describeRow(row: HistoryRow): string {
  const head = i18n.t('history.description', [row.tool, row.fromChain.name, row.toChain.name, statusLabel(row.status)]);
  const step = row.step === undefined ? '' : ` ${i18n.t('history.step', [String(row.step)])}`;
  const unread = row.received ? '' : ` ${i18n.t('history.notReadOnChain')}`;
  return `${head}${step}${unread}`;
}
