import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type BenchRow = {
  metric: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "<= 60". */
  target?: string;
  pass?: boolean;
  note?: string;
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

function round(value: number): number {
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

export function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.metric,
    `${r.value} ${r.unit}`,
    r.target ? `${r.target} ${r.unit}` : '',
    r.pass === undefined ? 'info' : r.pass ? 'pass' : 'FAIL',
    r.note ?? '',
  ]);
  const header = ['metric', 'value', 'target', 'result', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}

export function writeResults(file: string, rows: BenchRow[], machine: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2)}\n`);
}
