import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  type BenchRow,
  mergeResults,
  printTable,
  ratioAtLeast,
  ratioAtMost,
  ratioInfo,
  readResultsFile,
  writeResults,
} from './table';

const ORDER = ['sizes', 'popup', 'service', 'devnet'];
const MACHINE = { cores: 2 };
const row = (section: string, metric: string, value: number): BenchRow => ({ metric, value, unit: 'ms', section });
const EARLIER = new Date('2026-11-25T18:00:00Z');
const NOW = new Date('2026-11-25T21:00:00Z');

describe('bench results', () => {
  const whole = mergeResults(
    undefined,
    [row('sizes', 'popup JS', 38), row('popup', 'warm open', 40), row('service', 'p99', 16), row('devnet', 'start', 1)],
    ORDER,
    ORDER,
    MACHINE,
    EARLIER,
  );

  it('writes every row with when its section was measured', () => {
    expect(whole.rows.map((r) => r.metric)).toEqual(['popup JS', 'warm open', 'p99', 'start']);
    expect(whole.sections).toEqual(Object.fromEntries(ORDER.map((name) => [name, EARLIER.toISOString()])));
  });

  it('replaces only the sections a partial run measured, in the table order, and keeps the others with their date', () => {
    const partial = mergeResults(whole, [row('service', 'p99', 24)], ['service'], ORDER, MACHINE, NOW);
    expect(partial.rows.map((r) => `${r.section}:${r.metric}=${r.value}`)).toEqual([
      'sizes:popup JS=38',
      'popup:warm open=40',
      'service:p99=24',
      'devnet:start=1',
    ]);
    expect(partial.sections.service).toBe(NOW.toISOString());
    expect(partial.sections.popup).toBe(EARLIER.toISOString());
    expect(partial.date).toBe(NOW.toISOString());
  });

  it('drops what it cannot attribute: rows without a section, sections no longer run, unreadable files', () => {
    const old = {
      date: 'then',
      sections: { service: EARLIER.toISOString(), retired: EARLIER.toISOString(), popup: 'not a date' },
      rows: [
        { metric: 'untagged', value: 1, unit: 'ms' },
        row('retired', 'gone', 2),
        row('popup', 'undated', 3),
        { metric: 7, value: 'x', section: 'service' },
        row('service', 'kept', 4),
      ],
    };
    const merged = mergeResults(old, [row('sizes', 'popup JS', 39)], ['sizes'], ORDER, MACHINE, NOW);
    expect(merged.rows.map((r) => r.metric)).toEqual(['popup JS', 'kept']);
    expect(Object.keys(merged.sections)).toEqual(['sizes', 'service']);
    for (const junk of [null, 'text', 42, { rows: 'no' }, { sections: {}, rows: {} }]) {
      expect(mergeResults(junk, [row('sizes', 'a', 1)], ['sizes'], ORDER, MACHINE, NOW).rows).toHaveLength(1);
    }
  });

  it('reads back what it wrote, and starts afresh from a file that is not JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'results.json');
    expect(readResultsFile(file)).toBeUndefined();
    writeResults(file, whole);
    expect(readResultsFile(file)).toEqual(whole);
    writeFileSync(file, '{"rows": [');
    expect(readResultsFile(file)).toBeUndefined();
    writeResults(
      file,
      mergeResults(readResultsFile(file), [row('devnet', 'start', 2)], ['devnet'], ORDER, MACHINE, NOW),
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).rows).toEqual([row('devnet', 'start', 2)]);
  });
});

describe('rows judged by their ratio to a baseline measured in the same run', () => {
  it('passes or fails on the ratio, whatever the absolute figure', () => {
    // 170 ms would miss an absolute 150 ms target; on a machine where an empty popup takes 90 ms it is 1.89×.
    const slowMachine = ratioAtMost('cold open', 170, 90, 'ms', 2.5);
    expect(slowMachine).toMatchObject({ value: 170, baseline: 90, ratio: 1.89, target: 'ratio <= 2.5', pass: true });
    // 60 ms would meet any absolute target, but is 3× an empty popup's 20 ms.
    expect(ratioAtMost('cold open', 60, 20, 'ms', 2.5)).toMatchObject({ ratio: 3, pass: false });
    expect(ratioAtMost('edge', 50, 20, 'ms', 2.5).pass).toBe(true);
    expect(ratioAtLeast('req/s', 4000, 16000, 'req/s', 0.2)).toMatchObject({ ratio: 0.25, pass: true });
    expect(ratioAtLeast('req/s', 3000, 16000, 'req/s', 0.2)).toMatchObject({ ratio: 0.19, pass: false });
  });

  it('fails a row whose baseline could not be measured, and says so', () => {
    for (const baseline of [0, Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      const row = ratioAtMost('p99', 10, baseline, 'ms', 3, 'c=32');
      expect(row.pass).toBe(false);
      expect(row.note).toBe('no usable baseline, so no ratio to judge; c=32');
    }
    expect(ratioAtMost('nothing ran', 0, 0.4, 'ms', 1)).toMatchObject({ ratio: 0, pass: true });
  });

  it('shows a figure beside its baseline without judging it, and no ratio over a baseline of 0', () => {
    const row = ratioInfo('p50', 18, 2, 'ms');
    expect(row).toMatchObject({ value: 18, baseline: 2, ratio: 9 });
    expect(row.pass).toBeUndefined();
    expect(ratioInfo('p50', 10, 0, 'ms')).not.toHaveProperty('ratio');
  });

  it('keeps the absolute figure, the baseline and the ratio through the table and results.json', () => {
    const rows = [{ ...ratioAtMost('cold open', 170, 90, 'ms', 2.5), section: 'popup' }, row('devnet', 'start', 1)];
    const merged = mergeResults(undefined, rows, ORDER, ORDER, MACHINE, NOW);
    expect(merged.rows[0]).toMatchObject({ value: 170, baseline: 90, ratio: 1.89, target: 'ratio <= 2.5' });
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      printTable(merged.rows);
    } finally {
      log.mockRestore();
    }
    expect(lines[0]!.split('|').map((cell) => cell.trim())).toEqual([
      'metric',
      'value',
      'baseline',
      'ratio',
      'target',
      'result',
      'note',
    ]);
    expect(lines[2]!.split('|').map((cell) => cell.trim())).toEqual([
      'cold open',
      '170 ms',
      '90 ms',
      '1.89',
      'ratio <= 2.5',
      'pass',
      '',
    ]);
    expect(lines[3]!.split('|').map((cell) => cell.trim())).toEqual(['start', '1 ms', '', '', '', 'info', '']);
  });
});
