import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { gzipFileBytes, initialJsGzipBytes } from './initialJs';
import { lifiWidgetInitialJs } from './lifiWidget';
import { atMost, type BenchRow, info } from './table';

const OUT = resolve(import.meta.dirname, '../.output/chrome-mv3');
const KB = 1024;

/**
 * Gzip sizes of what each surface loads, and the popup beside a minimal LI.FI widget page (the popup's own size
 * against its target is a row of the popup section).
 */
export async function benchSizes(): Promise<BenchRow[]> {
  execFileSync('npx', ['wxt', 'build'], { cwd: resolve(import.meta.dirname, '..'), stdio: 'ignore' });
  const popup = initialJsGzipBytes(join(OUT, 'popup.html')).bytes;
  const rows: BenchRow[] = [
    info('background service worker (gzip)', gzipFileBytes(join(OUT, 'background.js')) / KB, 'KB'),
    info(
      'explorer card, injected on token pages only (gzip)',
      gzipFileBytes(join(OUT, 'content-scripts/explorer.js')) / KB,
      'KB',
    ),
    info(
      'wallet relay, injected when connecting (gzip)',
      gzipFileBytes(join(OUT, 'content-scripts/wallet-relay.js')) / KB,
      'KB',
    ),
    info('MAIN-world page channel (gzip)', gzipFileBytes(join(OUT, 'page-channel.js')) / KB, 'KB'),
  ];
  const widget = lifiWidgetInitialJs((line) => console.error(line));
  rows.push(info(`LI.FI widget ${widget.version} minimal page initial JS (gzip)`, widget.bytes / KB, 'KB'));
  rows.push(atMost('popup / LI.FI widget initial JS', (popup / widget.bytes) * 100, '%', 15));
  return rows;
}
