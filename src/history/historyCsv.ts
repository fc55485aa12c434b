import type { HistoryRow } from './historyRows';

/**
 * Koinly's "Universal" CSV template (support.koinly.io, "How to create a custom CSV file with your data", read
 * 2026-11-29): one line per transaction, what was sent and what was received, the fee in its own currency, the date
 * as "YYYY-MM-DD HH:mm UTC". A bridge whose arrival was not read on chain leaves Received empty and says so in the
 * Description, rather than filling it with the routing service's word.
 */
export const KOINLY_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;

export function historyCsv(rows: readonly HistoryRow[], describe: (row: HistoryRow) => string): string {
  const lines = rows.map((row) =>
    [
      koinlyDate(row.date),
      row.sent.amount,
      row.sent.symbol,
      row.received?.amount ?? '',
      row.received?.symbol ?? '',
      row.gas?.amount ?? '',
      row.gas?.symbol ?? '',
      row.sentUSD ?? '',
      row.sentUSD ? 'USD' : '',
      '',
      describe(row),
      row.txHash,
    ].map(cell),
  );
  return `${[KOINLY_COLUMNS.map(cell), ...lines].map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** "2026-11-29 04:05 UTC". */
const koinlyDate = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * One cell: quoted when it holds a comma, a quote or a line break. Token symbols and names come from the routing
 * service and may be anything: one that a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is
 * kept as text behind an apostrophe. Amounts are never negative here, so no figure is touched.
 */
export function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
