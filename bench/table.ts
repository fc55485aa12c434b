import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type BenchRow = {
  metric: string;
  value: number;
  unit: string;
  /**
   * The same measurement of a baseline in the same run (an empty popup, a one-line content script, a bare node:http
   * server): it absorbs the machine's speed, which varies up to twofold from day to day.
   */
  baseline?: number;
  /** value / baseline. When present, the target is on this ratio, not on the absolute value. */
  ratio?: number;
  /** Human-readable target, e.g. "<= 60", or "ratio <= 2.5" for a row judged by its ratio to the baseline. */
  target?: string;
  pass?: boolean;
  note?: string;
  /** The bench section that measured it (`npm run bench -- <section>` re-measures only that one). */
  section?: string;
};

/** bench/results.json: every row, and when each section was last measured. */
export type BenchResults = {
  date: string;
  machine: Record<string, unknown>;
  sections: Record<string, string>;
  rows: BenchRow[];
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function atMost(metric: string, value: number, unit: string, limit: number, note?: string): BenchRow {
  return { metric, value: round(value), unit, target: `<= ${limit}`, pass: value <= limit, note };
}

export function atLeast(metric: string, value: number, unit: string, limit: number, note?: string): BenchRow {
  return { metric, value: round(value), unit, target: `>= ${limit}`, pass: value >= limit, note };
}

export function info(metric: string, value: number, unit: string, note?: string): BenchRow {
  return { metric, value: round(value), unit, note };
}

/**
 * A time judged by its ratio to a baseline measured in the same run with the same method: passes when
 * value / baseline <= limit. A baseline that is not a positive number cannot judge anything: the row fails.
 */
export function ratioAtMost(
  metric: string,
  value: number,
  baseline: number,
  unit: string,
  limit: number,
  note?: string,
): BenchRow {
  const ratio = ratioOf(value, baseline);
  return withRatio(metric, value, baseline, unit, `ratio <= ${limit}`, ratio <= limit, note);
}

/** The same for a figure where more is better (throughput): passes when value / baseline >= limit. */
export function ratioAtLeast(
  metric: string,
  value: number,
  baseline: number,
  unit: string,
  limit: number,
  note?: string,
): BenchRow {
  const ratio = ratioOf(value, baseline);
  return withRatio(metric, value, baseline, unit, `ratio >= ${limit}`, ratio >= limit, note);
}

/**
 * A figure shown beside its baseline without a target; no ratio when the baseline is not a positive number (a bare
 * server's median latency can read 0 ms at autocannon's millisecond resolution).
 */
export function ratioInfo(metric: string, value: number, baseline: number, unit: string, note?: string): BenchRow {
  const ratio = ratioOf(value, baseline);
  return {
    metric,
    value: round(value),
    unit,
    baseline: round(baseline),
    ...(Number.isNaN(ratio) ? {} : { ratio: roundRatio(ratio) }),
    note,
  };
}

function ratioOf(value: number, baseline: number): number {
  return Number.isFinite(baseline) && baseline > 0 && Number.isFinite(value) ? value / baseline : Number.NaN;
}

function withRatio(
  metric: string,
  value: number,
  baseline: number,
  unit: string,
  target: string,
  pass: boolean,
  note?: string,
): BenchRow {
  const ratio = ratioOf(value, baseline);
  const why = Number.isNaN(ratio) ? 'no usable baseline, so no ratio to judge' : undefined;
  return {
    metric,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: roundRatio(ratio),
    target,
    pass: pass && !Number.isNaN(ratio),
    note: [why, note].filter(Boolean).join('; ') || undefined,
  };
}

function roundRatio(ratio: number): number {
  return Math.round(ratio * 100) / 100;
}

function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

export function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.metric,
    `${r.value} ${r.unit}`,
    r.baseline === undefined ? '' : `${r.baseline} ${r.unit}`,
    r.ratio === undefined ? '' : `${r.ratio}`,
    r.target ? (r.ratio === undefined ? `${r.target} ${r.unit}` : r.target) : '',
    r.pass === undefined ? 'info' : r.pass ? 'pass' : 'FAIL',
    r.note ?? '',
  ]);
  const header = ['metric', 'value', 'baseline', 'ratio', 'target', 'result', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}

/**
 * A run of some sections replaces only their rows: the other sections' rows, and when they were measured, stay as the
 * last run left them, so re-measuring one section never throws the rest of the table away. Rows of a section no
 * longer run, or of a file that cannot be read, are dropped rather than guessed at.
 */
export function mergeResults(
  previous: unknown,
  fresh: BenchRow[],
  ran: readonly string[],
  order: readonly string[],
  machine: Record<string, unknown>,
  now: Date,
): BenchResults {
  const kept = readResults(previous);
  const sections: Record<string, string> = {};
  const rows: BenchRow[] = [];
  for (const name of order) {
    if (ran.includes(name)) {
      sections[name] = now.toISOString();
      rows.push(...fresh.filter((row) => row.section === name));
    } else if (kept?.sections[name] !== undefined) {
      sections[name] = kept.sections[name]!;
      rows.push(...kept.rows.filter((row) => row.section === name));
    }
  }
  return { date: now.toISOString(), machine, sections, rows };
}

function readResults(value: unknown): Pick<BenchResults, 'sections' | 'rows'> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sections, rows } = value as Partial<BenchResults>;
  if (typeof sections !== 'object' || sections === null || !Array.isArray(rows)) return undefined;
  const dated = Object.entries(sections).filter(([, at]) => typeof at === 'string' && !Number.isNaN(Date.parse(at)));
  const valid = rows.filter(
    (row): row is BenchRow =>
      typeof row === 'object' &&
      row !== null &&
      typeof row.metric === 'string' &&
      typeof row.value === 'number' &&
      typeof row.section === 'string',
  );
  return { sections: Object.fromEntries(dated) as Record<string, string>, rows: valid };
}

export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** The last results written, or undefined when there are none or they are not JSON (a partial run then starts afresh). */
export function readResultsFile(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`bench: ${file} is not JSON; writing only this run's sections`);
    return undefined;
  }
}
