import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { benchBackground } from './background';
import { benchContent } from './content';
import { benchDevnet } from './devnet';
import { benchPopup } from './popup';
import { benchService, benchServiceLifi } from './service';
import { benchSizes } from './sizes';
import { type BenchRow, mergeResults, printTable, readResultsFile, writeResults } from './table';

/**
 * `npm run bench`: every measurement against its target, printed as one table and written to bench/results.json.
 * Timings are medians or percentiles over repeated runs; nothing here runs in `npm test`. A time is judged by its
 * ratio to a baseline measured in the same run the same way (an empty popup, a one-line content script, a bare
 * node:http server, a plain scan, a bare anvil), since this machine's speed varies up to twofold from day to day;
 * sizes and counts are judged as they are.
 */
type Section = { name: string; run: () => Promise<BenchRow[]> };

/** The longest any section has taken on this 2-core machine is about 4 minutes (popup, with builds). */
const SECTION_BOUND_MS = 15 * 60_000;

// Sizes first: it builds the extension that the popup and content sections load.
const sections: Section[] = [
  { name: 'sizes', run: benchSizes },
  { name: 'popup', run: () => benchPopup() },
  { name: 'content', run: benchContent },
  { name: 'background', run: benchBackground },
  { name: 'service', run: benchService },
  { name: 'service-lifi', run: benchServiceLifi },
  { name: 'devnet', run: benchDevnet },
  { name: 'review', run: async () => (await import('./reviewSimulation')).benchReviewSimulation() },
  { name: 'relay-review', run: async () => (await import('./relayReview')).benchRelayReview() },
  { name: 'lifi-limits', run: async () => (await import('./lifiLimits')).benchLifiLimits() },
  { name: 'lifi-reach', run: async () => (await import('./lifiReach')).benchLifiReach() },
];

// `npm run bench -- service content` runs only the sections named.
const only = process.argv.slice(2);
const unknown = only.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(', ')}; the sections are ${sections.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const rows: BenchRow[] = [];
for (const section of sections) {
  if (only.length > 0 && !only.includes(section.name)) continue;
  console.error(`bench: ${section.name}…`);
  let bound: ReturnType<typeof setTimeout> | undefined;
  try {
    // A section that stops moving fails with its name instead of holding the whole run (the background section once
    // crawled for many minutes on real-time retries nobody saw).
    const overdue = new Promise<never>((_, reject) => {
      bound = setTimeout(
        () => reject(new Error(`did not finish within ${SECTION_BOUND_MS / 60_000} minutes`)),
        SECTION_BOUND_MS,
      );
    });
    const measured = await Promise.race([section.run(), overdue]);
    rows.push(...measured.map((row) => ({ ...row, section: section.name })));
  } catch (err) {
    rows.push({
      metric: `${section.name}: could not run`,
      value: 0,
      unit: '',
      pass: false,
      note: String(err).slice(0, 200),
      section: section.name,
    });
  } finally {
    clearTimeout(bound);
  }
}

printTable(rows);
const machine = {
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
const file = resolve(import.meta.dirname, 'results.json');
const ran = sections.map((s) => s.name).filter((name) => only.length === 0 || only.includes(name));
const results = mergeResults(
  readResultsFile(file),
  rows,
  ran,
  sections.map((s) => s.name),
  machine,
  new Date(),
);
writeResults(file, results);
console.log(`\nwrote ${file}${only.length > 0 ? ` (${ran.join(', ')} replaced; the other sections kept)` : ''}`);
const judged = rows.filter((r) => r.pass !== undefined);
console.log(`${judged.filter((r) => r.pass).length} of ${judged.length} targets met`);
// A section stopped by its bound may leave a browser or a node running: the figures are written, so end here.
process.exit(0);
