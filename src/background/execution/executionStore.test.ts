import { describe, expect, it } from 'vitest';
import type { ExecutionRecord, ExecutionsById } from '../../model/execution';
import { pruneExecutions } from './executionStore';

const record = (id: string, phase: ExecutionRecord['phase'], updatedAt: number) =>
  ({ id, phase, updatedAt }) as ExecutionRecord;
const byId = (...records: ExecutionRecord[]): ExecutionsById => Object.fromEntries(records.map((r) => [r.id, r]));

describe('pruneExecutions', () => {
  it('drops the oldest sent ones first, then stopped ones, never one under way or waiting for an answer', () => {
    const map = byId(
      record('running', 'running', 1),
      record('rate', 'needsRate', 2),
      record('old-failed', 'failed', 3),
      record('old-sent', 'sent', 10),
      record('new-sent', 'sent', 11),
      record('interrupted', 'interrupted', 12),
    );
    expect(Object.keys(pruneExecutions(map, 5))).not.toContain('old-sent');
    expect(Object.keys(pruneExecutions(map, 3)).sort()).toEqual(['interrupted', 'rate', 'running']);
    expect(Object.keys(pruneExecutions(map, 1)).sort()).toEqual(['rate', 'running']);
    expect(pruneExecutions(map, 6)).toBe(map);
  });
});
