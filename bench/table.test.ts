import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BenchRow, mergeResults, readResultsFile, writeResults } from './table';

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
