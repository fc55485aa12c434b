import { describe, expect, it } from 'vitest';
import { route as specRoute } from '../../testing/fixtures';
import type { Route } from '../schemas/route';
import { sortRoutes } from './sortRoutes';

/** Routes that differ in one measure each, so every order puts a different one first. */
function make(
  id: string,
  tool: string,
  m: { out: string; secs?: number; gas?: string; fee?: string; steps?: number; tags?: string[] },
): Route {
  const base = specRoute() as Route;
  const step = { id: 's', type: 'cross', tool, action: base.action, estimate: base.estimate };
  return {
    ...base,
    id,
    tool,
    tags: m.tags,
    includedSteps: Array.from({ length: m.steps ?? 1 }, () => step),
    estimate: {
      ...base.estimate,
      toAmount: m.out,
      executionDuration: m.secs,
      gasCosts: m.gas === undefined ? [] : (base.estimate.gasCosts ?? []).map((g) => ({ ...g, amountUSD: m.gas })),
      feeCosts: m.fee === undefined ? [] : (base.estimate.feeCosts ?? []).map((f) => ({ ...f, amountUSD: m.fee })),
    },
  } as Route;
}

const most = make('most', 'across', { out: '1000', secs: 300, gas: '2.00', fee: '3.00', steps: 2 });
const fast = make('fast', 'relay', { out: '900', secs: 20, gas: '1.50', fee: '2.00', steps: 2 });
const lowGas = make('lowGas', 'stargate', { out: '950', secs: 200, gas: '0.10', fee: '5.00', steps: 2 });
const cheap = make('cheap', 'hop', { out: '920', secs: 250, gas: '0.50', fee: '0.10', steps: 2 });
const safe = make('safe', 'cbridge', { out: '800', secs: 400, gas: '3.00', fee: '3.00', steps: 1 });
const all = [safe, cheap, lowGas, fast, most];
const ids = (routes: Route[]) => routes.map((r) => r.id);

describe('sortRoutes (client-side orders)', () => {
  it('OUTPUT: the highest amount received first', () => {
    expect(ids(sortRoutes(all, 'OUTPUT'))).toEqual(['most', 'lowGas', 'cheap', 'fast', 'safe']);
  });
  it('TIME: the shortest execution first', () => {
    expect(ids(sortRoutes(all, 'TIME'))[0]).toBe('fast');
  });
  it('GAS: the lowest gas in USD first', () => {
    expect(ids(sortRoutes(all, 'GAS'))[0]).toBe('lowGas');
  });
  it('COST: the lowest gas plus fees first', () => {
    expect(ids(sortRoutes(all, 'COST'))[0]).toBe('cheap');
  });
  it('SAFETY: the fewest steps first, then a SAFEST/RECOMMENDED tag, then output', () => {
    expect(ids(sortRoutes(all, 'SAFETY'))[0]).toBe('safe');
    const tagged = make('tagged', 'x', { out: '1', steps: 2, tags: ['RECOMMENDED'] });
    expect(ids(sortRoutes([most, tagged], 'SAFETY'))).toEqual(['tagged', 'most']);
  });
  it('a route that does not say its duration or gas sorts after those that do', () => {
    const silent = make('silent', 'x', { out: '5000' });
    expect(ids(sortRoutes([silent, fast], 'TIME'))).toEqual(['fast', 'silent']);
    expect(ids(sortRoutes([silent, fast], 'GAS'))).toEqual(['fast', 'silent']);
  });
  it('preferred tools come first, each group in the order', () => {
    expect(ids(sortRoutes(all, 'OUTPUT', ['relay', 'cbridge']))).toEqual(['fast', 'safe', 'most', 'lowGas', 'cheap']);
  });
  it('does not change the list it was given', () => {
    const list = [...all];
    sortRoutes(list, 'TIME');
    expect(list).toEqual(all);
  });
});
