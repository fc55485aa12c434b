import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { benchSizes } from './sizes';
import { type BenchRow, printTable, writeResults } from './table';

/**
 * `npm run bench`: every measurement against its target, printed as one table and written to bench/results.json.
 * Timings are medians or percentiles over repeated runs; nothing here runs in `npm test`.
 */
type Section = { name: string; run: () => Promise<BenchRow[]> };

const sections: Section[] = [{ name: 'sizes', run: benchSizes }];

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const section of sections) {
  if (only.length > 0 && !only.includes(section.name)) continue;
  console.error(`bench: ${section.name}…`);
  try {
    rows.push(...(await section.run()));
  } catch (err) {
    rows.push({
      metric: `${section.name}: could not run`,
      value: 0,
      unit: '',
      pass: false,
      note: String(err).slice(0, 200),
    });
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
writeResults(file, rows, machine);
console.log(`\nwrote ${file}`);
const judged = rows.filter((r) => r.pass !== undefined);
console.log(`${judged.filter((r) => r.pass).length} of ${judged.length} targets met`);
