import { describe, expect, it } from 'vitest';
import { createQuoteBudget, QUOTE_BUDGET_PER_TAB, QUOTE_WINDOW_MS } from './quoteBudget';

describe('inline quote budget', () => {
  it('lets a tab spend its budget, then says how long until enough is free', () => {
    let t = 1_000_000;
    const budget = createQuoteBudget({ now: () => t });
    for (let i = 0; i < QUOTE_BUDGET_PER_TAB / 3; i++) {
      expect(budget.take(7, 3)).toBe(0);
      t += 1000;
    }
    // The first 3 were spent 4 s ago: they leave the window in 6 s.
    expect(budget.take(7, 3)).toBe(QUOTE_WINDOW_MS - 4000);
    expect(budget.take(7, 1)).toBe(QUOTE_WINDOW_MS - 4000);
    // A refusal spends nothing: once the oldest left, the next request goes through.
    t += QUOTE_WINDOW_MS - 4000;
    expect(budget.take(7, 3)).toBe(0);
    expect(budget.take(7, 1)).toBe(1000);
  });

  it('keeps tabs apart and refuses a cost above the whole budget', () => {
    const budget = createQuoteBudget({ now: () => 5 });
    expect(budget.take(1, QUOTE_BUDGET_PER_TAB)).toBe(0);
    expect(budget.take(1, 1)).toBeGreaterThan(0);
    expect(budget.take(2, QUOTE_BUDGET_PER_TAB)).toBe(0);
    expect(budget.take(3, QUOTE_BUDGET_PER_TAB + 1)).toBe(QUOTE_WINDOW_MS);
  });
});
