import { describe, expect, it } from 'vitest';
import { REAL_ANSWERS } from '../../testing/lifi/real/answers';
import type { IncludedStep, Route } from '../schemas/route';

const celerCircleQuote = REAL_ANSWERS.find((a) => a.bridge === 'celercircle')!.step;

import { readableRoute } from './readableRoute';

/** A real li.quest quote (testing/lifi/real/README.md) as the one-step route the LI.FI adapter lists. */
const realRoute = (): Route => {
  const { transactionRequest: _tx, ...step } = structuredClone(celerCircleQuote);
  return { ...step, serviceStep: step } as unknown as Route;
};
const [feeStep, swapStep, crossStep] = celerCircleQuote.includedSteps as unknown as IncludedStep[];
/** A swap on Arbitrum after the crossing: what li.quest sends as a destination call. */
const destinationSwap: IncludedStep = {
  ...swapStep!,
  id: 'dst-swap',
  action: { ...swapStep!.action, fromChainId: 42161, toChainId: 42161 },
};

describe('readableRoute', () => {
  it('reads the real CelerCircle quote: fee, swap, then the crossing through a facet the guard decodes', () => {
    expect(readableRoute(realRoute())).toEqual({ ok: true });
  });

  it('leaves out the same route with a swap on the destination after the crossing (a destination call)', () => {
    const route = { ...realRoute(), includedSteps: [feeStep!, swapStep!, crossStep!, destinationSwap] };
    const check = readableRoute(route);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/celercircle.*destination chain/);
  });

  it('leaves out a crossing through a bridge the guard does not decode', () => {
    const route = { ...realRoute(), includedSteps: [feeStep!, swapStep!, { ...crossStep!, tool: 'hop' }] };
    const check = readableRoute(route);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/hop/);
  });

  it('judges each signed step of a multi-step route; a later swap in its own transaction is no destination call', () => {
    const bridge = { ...realRoute(), id: 'a' };
    const swapOnArrival = {
      ...realRoute(),
      id: 'b',
      tool: 'bitget',
      action: destinationSwap.action,
      includedSteps: [destinationSwap],
    };
    expect(readableRoute({ ...realRoute(), steps: [bridge, swapOnArrival] } as Route)).toEqual({ ok: true });
    const unreadable = { ...bridge, includedSteps: [{ ...crossStep!, tool: 'hop' }] };
    expect(readableRoute({ ...realRoute(), steps: [unreadable, swapOnArrival] } as Route).ok).toBe(false);
  });

  it('reads gas on arrival before the crossing as the part of the amount it is, not as a bridge', () => {
    const gas: IncludedStep = { ...crossStep!, id: 'gas', tool: 'gasZip' };
    expect(readableRoute({ ...realRoute(), includedSteps: [gas, feeStep!, swapStep!, crossStep!] })).toEqual({
      ok: true,
    });
  });

  it('leaves the spec service’s routes (no LI.FI step behind them) to their own router', () => {
    const { serviceStep: _s, ...spec } = realRoute();
    expect(readableRoute({ ...spec, includedSteps: [crossStep!, destinationSwap] })).toEqual({ ok: true });
  });
});
