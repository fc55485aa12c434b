import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeDeps, makeRoute, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import type { RoutesAllowance } from '../../background/messages/getServiceHold';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { RouteList } from './RouteList';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

async function mount(hold: { until: number; routes?: RoutesAllowance }) {
  const deps = fakeDeps({ debounceMs: 0 });
  const getRoutes = vi.fn(async () => ({ routes: [makeRoute({ id: 'a' })], fetchedAt: Date.now() }));
  deps.api.getRoutes = getRoutes;
  deps.api.getServiceHold = async () => hold;
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <RouteList />
    </PopupContext.Provider>,
    dom.root,
  );
  store.getState().setAmountText('1.5');
  // A search ends with its routes shown, then the allowance read, then the refresh set (or a Refresh button, when low).
  await waitFor('the routes, the allowance and the refresh', () => {
    const refresh = byTestId('refresh-now') ?? byTestId('refresh-countdown');
    return byTestId('route') && refresh;
  });
  return { store, getRoutes };
}

const byTestId = (id: string) => dom.document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('refresh and allowance (rendered)', () => {
  it('without a key and few searches left: no countdown, a Refresh button, and how many are left until when', async () => {
    const resetAt = new Date(2030, 0, 1, 14, 5).getTime();
    vi.setSystemTime(new Date(2030, 0, 1, 12, 30));
    try {
      const { getRoutes } = await mount({
        until: 0,
        routes: { remaining: 28, limit: 75, resetAt, low: true, keyed: false },
      });
      expect(byTestId('refresh-countdown')).toBeNull();
      expect(byTestId('allowance-line')?.textContent).toBe(
        `28 route searches left until ${new Date(resetAt).toLocaleTimeString('en', { timeStyle: 'short' })}. A LI.FI API key raises the limit; add one in Settings.`,
      );
      byTestId('refresh-now')!.click();
      await waitFor('the routes asked again', () => getRoutes.mock.calls.length > 1);
      expect(getRoutes).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a key says nothing of the allowance, and with plenty left counts down to the refresh', async () => {
    await mount({
      until: 0,
      routes: { remaining: 2_000, limit: 12_000, low: true, keyed: true, resetAt: Date.now() + 1 },
    });
    expect(byTestId('allowance-line')).toBeNull();
    render(null, dom.root);
    await mount({ until: 0, routes: { remaining: 70, limit: 75, low: false, keyed: false } });
    expect(byTestId('allowance-line')).toBeNull();
    expect(byTestId('refresh-countdown')?.textContent).toMatch(/Refreshing in \d+ s/);
  });

  it('says until when a limit holds the searches, in the person’s time', async () => {
    const until = Date.now() + 7_000_000;
    await mount({ until });
    expect(byTestId('allowance-line')?.textContent).toContain('route searches resume at');
  });
});
