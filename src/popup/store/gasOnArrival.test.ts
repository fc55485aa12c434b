import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeApi, fakeDeps, makeRoute, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import { withGasStep } from '../../../testing/popup/gasOnArrivalRoutes';
import type { Route } from '../../schemas/route';
import { createPopupStore } from './createPopupStore';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  fakeBrowser.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

const GAS = 300_000n;

/** A store showing Across and Hop for 1.5 USDC, Hop picked; the service answers `withGas` once gas is asked for. */
async function pickedHop(withGas: Route[]) {
  const plain = [makeRoute({ id: 'across', tool: 'across' }), makeRoute({ id: 'hop', tool: 'hop' })];
  const getRoutes = vi.fn(async ({ request }: { request: { fromAmountForGas?: string } }) => ({
    routes: request.fromAmountForGas ? withGas : plain,
    fetchedAt: 1,
  }));
  const deps = fakeDeps({ api: fakeApi({ getRoutes }) });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  store.getState().setAmountText('1.5');
  await vi.advanceTimersByTimeAsync(300);
  await flush();
  store.getState().selectRoute('hop');
  return { store, getRoutes };
}

describe('choosing gas on arrival on the review', () => {
  it('asks again with fromAmountForGas and picks the same bridge’s route that carries exactly that gas', async () => {
    const { store, getRoutes } = await pickedHop([
      withGasStep(makeRoute({ id: 'across-gas', tool: 'across' }), GAS),
      // Hop's route with other gas than chosen is dropped by the check; the one with the chosen gas is picked.
      withGasStep(makeRoute({ id: 'hop-other', tool: 'hop' }), GAS + 1n),
      withGasStep(makeRoute({ id: 'hop-gas', tool: 'hop' }), GAS),
    ]);
    await store.getState().chooseGasOnArrival(GAS);
    expect(getRoutes.mock.calls.at(-1)![0].request).toMatchObject({
      fromAmount: '1500000',
      fromAmountForGas: '300000',
    });
    const s = store.getState();
    expect(s.selectedRouteId).toBe('hop-gas');
    expect(s.routes.map((r) => r.id)).toEqual(['across-gas', 'hop-gas']);
    expect(s.routesChoice?.fromAmountForGas).toBe(GAS);
    expect(s.gasOnArrivalStatus).toBeUndefined();
  });

  it('keeps the route shown and says so when the service offers no gas on arrival for that bridge', async () => {
    const { store } = await pickedHop([withGasStep(makeRoute({ id: 'across-gas', tool: 'across' }), GAS)]);
    await store.getState().chooseGasOnArrival(GAS);
    const s = store.getState();
    expect(s.selectedRouteId).toBe('hop');
    expect(s.routesChoice?.fromAmountForGas).toBeUndefined();
    expect(s.gasOnArrivalStatus).toBe('none');
  });

  it('keeps the gas for later searches of the same form, and drops it once the form changes', async () => {
    const { store, getRoutes } = await pickedHop([withGasStep(makeRoute({ id: 'hop-gas', tool: 'hop' }), GAS)]);
    await store.getState().chooseGasOnArrival(GAS);
    store.getState().requestRoutes({ immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(getRoutes.mock.calls.at(-1)![0].request.fromAmountForGas).toBe('300000');
    store.getState().setAmountText('1.4');
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(getRoutes.mock.calls.at(-1)![0].request).not.toHaveProperty('fromAmountForGas');
  });

  it('takes the choice back: the route shown before comes back, and the next search asks without gas', async () => {
    const { store, getRoutes } = await pickedHop([withGasStep(makeRoute({ id: 'hop-gas', tool: 'hop' }), GAS)]);
    await store.getState().chooseGasOnArrival(GAS);
    expect(store.getState().selectedRouteId).toBe('hop-gas');
    await store.getState().dropGasOnArrival();
    let s = store.getState();
    expect(s.selectedRouteId).toBe('hop');
    expect(s.routes.map((r) => r.id)).toEqual(['across', 'hop']);
    expect(s.routesChoice?.fromAmountForGas).toBeUndefined();
    expect(s.gasOnArrival).toBeUndefined();
    const calls = getRoutes.mock.calls.length;
    await vi.advanceTimersByTimeAsync(300);
    await flush();
    expect(getRoutes.mock.calls.length).toBe(calls + 1);
    expect(getRoutes.mock.calls.at(-1)![0].request).not.toHaveProperty('fromAmountForGas');
    s = store.getState();
    // The refresh keeps the person's bridge.
    expect(s.selectedRouteId).toBe('hop');
  });
});
