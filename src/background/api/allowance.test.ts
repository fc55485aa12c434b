import { describe, expect, it } from 'vitest';
import { createAllowance, endpointGroupOf, reserveOf } from './allowance';

const T0 = Date.UTC(2026, 0, 1, 12);

function setup(shared = false) {
  let now = T0;
  const allowance = createAllowance({ now: () => now, shared: () => shared });
  return { allowance, advance: (ms: number) => (now += ms), at: () => now };
}

const state = (limit: number, remaining: number, resetInSec: number) => ({
  limit,
  remaining,
  resetAt: T0 + resetInSec * 1000,
  observedAt: T0,
});

describe('allowance per endpoint group', () => {
  it("names LI.FI's groups from the path", () => {
    expect(endpointGroupOf('/v1/advanced/routes')).toBe('routes');
    expect(endpointGroupOf('/api/v1/advanced/stepTransaction')).toBe('step');
    expect(endpointGroupOf('/v1/quote')).toBe('quote');
    expect(endpointGroupOf('/v1/status')).toBe('other');
  });

  it('keeps a quarter of the allowance, at least five transfers, for the person', () => {
    expect(reserveOf('routes', 75)).toBe(20);
    expect(reserveOf('routes', 12_000)).toBe(3_000);
    expect(reserveOf('step', 50)).toBe(13);
    expect(reserveOf('routes', 10)).toBe(10);
  });

  it('lets the card spend down to the reserve and the transfer down to the last search', () => {
    const { allowance } = setup();
    allowance.observe('/v1/advanced/routes', state(75, 22, 3600));
    expect(allowance.take('routes', 'card')).toBe(0);
    expect(allowance.take('routes', 'refresh')).toBe(0);
    // 20 left: the reserve.
    expect(allowance.take('routes', 'card')).toBe(T0 + 3_600_000);
    expect(allowance.view('routes')).toMatchObject({ remaining: 20, reserve: 20 });
    for (let i = 0; i < 20; i++) expect(allowance.take('routes', 'transfer')).toBe(0);
    expect(allowance.take('routes', 'transfer')).toBe(T0 + 3_600_000);
    expect(allowance.heldUntil('routes')).toBe(T0 + 3_600_000);
    // Other groups are their own.
    expect(allowance.take('step', 'transfer')).toBe(0);
    expect(allowance.heldUntil('other')).toBe(0);
  });

  it('renews at the reset and holds a group until a 429 says', () => {
    const { allowance, advance, at } = setup();
    allowance.observe('/v1/advanced/routes', state(75, 0, 60));
    expect(allowance.take('routes', 'transfer')).toBe(T0 + 60_000);
    advance(60_000);
    expect(allowance.view('routes')).toMatchObject({ remaining: 75 });
    expect(allowance.take('routes', 'card')).toBe(0);
    allowance.hold('routes', at() + 7_000_000);
    expect(allowance.take('routes', 'transfer')).toBe(at() + 7_000_000);
    // An answer with room left (the window renewed sooner) ends the hold.
    allowance.observe('/v1/advanced/routes', { ...state(75, 10, 7200), observedAt: at() });
    expect(allowance.heldUntil('routes')).toBe(0);
  });

  it("reads the spec's one window for every group", () => {
    const { allowance } = setup(true);
    allowance.observe('/v1/status', state(60, 21, 30));
    expect(allowance.take('routes', 'card')).toBe(0);
    expect(allowance.take('step', 'refresh')).toBe(T0 + 30_000);
    expect(allowance.take('step', 'transfer')).toBe(0);
    expect(allowance.view('other')).toMatchObject({ remaining: 19 });
  });

  it('lets everything go while the service sends no figures', () => {
    const { allowance } = setup();
    expect(allowance.take('routes', 'card')).toBe(0);
    expect(allowance.heldUntil('routes')).toBe(0);
  });
});
