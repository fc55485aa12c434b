import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { describeRow } from '../../history/describeRow';
import { historyCsv } from '../../history/historyCsv';
import { historyJson } from '../../history/historyJson';
import { historyRows } from '../../history/historyRows';
import { usePopup } from './context';

type Format = 'csv' | 'json';

/**
 * Activity's history to keep: every transaction, as CSV (Koinly's Universal layout) or JSON (every figure with its
 * source), saved as a file. Received amounts and gas are the chains' figures (src/history/historyRows.ts).
 */
export function HistoryExport() {
  const records = usePopup((s) => s.records);
  const chains = usePopup((s) => s.chains);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();

  const save = (format: Format) => {
    try {
      const rows = historyRows(records, chains);
      const now = new Date();
      const text = format === 'csv' ? historyCsv(rows, describeRow) : historyJson(rows, now);
      const name = `bridge-companion-history-${now.toISOString().slice(0, 10)}.${format}`;
      download(name, text, format === 'csv' ? 'text/csv' : 'application/json');
      setSaid({ ok: true, text: i18n.t('history.exported', [name]) });
    } catch (err) {
      setSaid({ ok: false, text: i18n.t('history.exportFailed', [err instanceof Error ? err.message : String(err)]) });
    }
  };

  return (
    <div class="history-export" data-testid="history-export">
      <div class="row">
        <button type="button" class="secondary" onClick={() => save('csv')} data-testid="export-csv">
          {i18n.t('history.exportCsv')}
        </button>
        <button type="button" class="secondary" onClick={() => save('json')} data-testid="export-json">
          {i18n.t('history.exportJson')}
        </button>
      </div>
      <p class="muted small">{i18n.t('history.exportHint')}</p>
      {said && (
        <p class={said.ok ? 'ok small' : 'error small'} role="status" data-testid="export-said">
          {said.text}
        </p>
      )}
    </div>
  );
}

/** Saves `text` as the file `name` through the browser's own download (no permission is needed for it). */
function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the download by the time the task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
