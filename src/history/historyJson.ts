import type { HistoryRow } from './historyRows';

/** The whole history, every figure with its source (historyRows.ts), for keeping or for another tool to read. */
export function historyJson(rows: readonly HistoryRow[], exportedAt: Date): string {
  return `${JSON.stringify({ format: 'bridge-companion-history', version: 1, exportedAt: exportedAt.toISOString(), transfers: rows }, null, 2)}\n`;
}
