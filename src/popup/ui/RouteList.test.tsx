import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeDeps, fakeTabWallet, makeRoute, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import type { Route } from '../../schemas/route';
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

async function mount(routes: Route[], deny: string[] = []) {
  const deps = fakeDeps({ debounceMs: 0 });
  deps.api.getRoutes = async () => ({ routes, fetchedAt: Date.now() });
  const store = createPopupStore(deps);
  await store.getState().loadSettings();
  const settings = store.getState().settings!;
  store.setState({ settings: { ...settings, bridges: { ...settings.bridges, deny } } });
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
  await waitFor('the routes found, or why none', () => dom.document.querySelector(ANSWERED));
  return store;
}

/** What the list shows once the service answered: the routes, or the words why there is none. */
const ANSWERED = '[data-testid="route"], [data-testid="routes-message"]';

const cards = () => [...dom.document.querySelectorAll('[data-testid="route"] strong')].map((s) => s.textContent);
const routesSection = () => dom.document.querySelector('section.routes');
const button = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement | null;

describe('route list (rendered)', () => {
  it('compares the routes worth choosing, and shows the others on request', async () => {
    await mount([
      makeRoute({ id: 'a', tool: 'stargate', toAmount: '1490000', gasUSD: '0.10' }),
      makeRoute({ id: 'b', tool: 'stargate', toAmount: '1490000', gasUSD: '0.30' }),
      makeRoute({ id: 'c', tool: 'stargate', toAmount: '1490000', gasUSD: '0.20' }),
      makeRoute({ id: 'd', tool: 'hop', toAmount: '1485000', duration: 30 }),
    ]);
    expect(cards()).toEqual(['STARGATE']);
    expect(button('show-all-routes')?.textContent).toBe('Compare 2 routes');
    button('show-all-routes')!.click();
    await waitFor('all routes', () => cards().length > 1);
    expect(cards()).toEqual(['STARGATE', 'HOP']);
    expect(button('show-more-routes')?.textContent).toBe('Show 2 more');
    button('show-more-routes')!.click();
    await waitFor('more routes', () => cards().length > 2);
    expect(cards()).toEqual(['STARGATE', 'STARGATE', 'STARGATE', 'HOP']);
    expect(button('show-more-routes')).toBeNull();
  });

  it('says routes wait for an amount that can be sent, not for one to be entered, above the balance', async () => {
    const store = await mount([makeRoute({ id: 'a' })]);
    const idle = () => dom.document.querySelector('[data-testid="routes-idle"]')?.textContent;
    store.setState({ balance: 1_000_000n });
    store.getState().setAmountText('2');
    const above = await waitFor('the routes waiting for the amount', () => idle());
    expect(above).toBe('Routes appear once the amount above can be sent.');
    store.getState().setAmountText('');
    await waitFor('the words for an empty amount', () => idle() !== above && idle());
    expect(idle()).toBe('Enter an amount to see routes.');
  });

  it('never shows a route through a tool set to "Never", though the service returned it', async () => {
    const store = await mount(
      [makeRoute({ id: 'a', tool: 'stargate' }), makeRoute({ id: 'b', tool: 'hop' })],
      ['stargate'],
    );
    expect(store.getState().routes.map((r) => r.id)).toEqual(['b']);
    expect(cards()).toEqual(['HOP']);
  });

  it('says the settings left no route when every route uses a tool set to "Never"', async () => {
    const store = await mount([makeRoute({ id: 'a', tool: 'stargate' })], ['stargate']);
    expect(store.getState().routesStatus).toBe('empty');
    expect(dom.document.querySelector('[data-testid="routes-message"]')?.textContent).toMatch(/bridge settings/);
  });
});

describe('route list after a transfer is handed over (issue #33, point 6)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('leaves the routes just used out while the transfer’s progress shows, until a new amount is typed', async () => {
    const wallet = fakeTabWallet({ allowance: 10_000_000n });
    const deps = fakeDeps({ debounceMs: 0, openTabWallet: async () => wallet.tab });
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    store.getState().setFromToken(USDC_ETH);
    store.getState().setToToken(USDC_OP);
    const stop = store.getState().followExecutions();
    await store.getState().connectWallet();
    render(
      <PopupContext.Provider value={{ store, api: deps.api }}>
        <RouteList />
      </PopupContext.Provider>,
      dom.root,
    );
    store.getState().setAmountText('1.5');
    await waitFor('the routes', () => cards().length > 0);
    const shown = cards();
    expect(shown).toHaveLength(1);

    await store.getState().execute();
    await waitFor('the transfer handed over', () => store.getState().stage === 'done');
    // The list was on screen until now: it goes with the routes just used.
    await waitFor('the routes gone', () => routesSection() === null);
    expect(cards()).toEqual([]);

    // The next transfer: an amount typed again searches again, and its routes show (the fake service quotes 1.5).
    store.getState().setAmountText('1.5');
    await waitFor('the routes of the next transfer', () => cards().length > 0);
    expect(routesSection()).not.toBeNull();
    expect(cards()).toEqual(shown);
    stop();
  });
});
