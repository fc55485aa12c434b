import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeApi, fakeDeps, makeExecution, makeRoute, USDC_ETH, USDC_OP } from '../../../testing/popup/fixtures';
import { toWire } from '../../messaging/wire';
import type { ExecutionRecord } from '../../model/transfer';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { RouteList } from './RouteList';
import { SendPanel } from './SendPanel';
import { TransferForm } from './TransferForm';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

async function mount() {
  const deps = fakeDeps({ debounceMs: 0 });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.getState().setFromToken(USDC_ETH);
  store.getState().setToToken(USDC_OP);
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <TransferForm />
      <RouteList />
      <SendPanel />
    </PopupContext.Provider>,
    dom.root,
  );
  await waitFor('the form and its button', () => dom.document.querySelector('[data-testid="send"]') && amountField());
  return { store, deps };
}

const amountField = () => dom.document.querySelector('input[aria-label="Amount"]') as HTMLInputElement | null;
const byTestId = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;

const byLabel = (label: string) =>
  [...dom.document.querySelectorAll('button[aria-label]')].find((b) => b.getAttribute('aria-label') === label);

describe('transfer form (rendered)', () => {
  it('labels every control so it can be found by role and name', async () => {
    await mount();
    expect(byLabel('From chain: Ethereum')).toBeTruthy();
    expect(byLabel('To chain: Optimism')).toBeTruthy();
    expect(byLabel('From token: USDC')).toBeTruthy();
    expect(byLabel('Swap direction')).toBeTruthy();
    const labels = [...dom.document.querySelectorAll('label')].map((l) => l.textContent?.trim() ?? '');
    expect(dom.document.querySelector('input[aria-label="Amount"]')).toBeTruthy();
    expect(labels.some((t) => t.startsWith('Recipient'))).toBe(true);
    expect(labels.some((t) => t.startsWith('Slippage'))).toBe(true);
    expect(labels.some((t) => t.startsWith('Sort routes by'))).toBe(true);
  });

  it('shows validation messages inline as the store changes', async () => {
    const { store } = await mount();
    store.getState().setAmountText('1.1234567');
    expect((await waitFor('the amount error', () => byTestId('amount-error'))).textContent).toBe(
      'USDC allows at most 6 decimals.',
    );
    store.getState().setRecipientText('0xnope');
    expect((await waitFor('the recipient error', () => byTestId('recipient-error'))).textContent).toMatch(
      /valid address/,
    );
  });

  it('renders routes with tags, and asks to connect before sending', async () => {
    const { store, deps } = await mount();
    deps.api.getRoutes = async () => ({
      routes: [
        makeRoute({ id: 'a', tool: 'hop' }),
        makeRoute({ id: 'b', tool: 'across', toAmount: '1480000', duration: 30 }),
      ],
      fetchedAt: Date.now(),
    });
    store.getState().setAmountText('1.5');
    const showAll = (await waitFor('the routes', () => byTestId('show-all-routes'))) as HTMLButtonElement;
    // The best route only, so the form and the send button fit 600 px; the others are one click away.
    expect(dom.document.querySelectorAll('[data-testid="route"]').length).toBe(1);
    expect(showAll.textContent).toBe('Compare 2 routes');
    showAll.click();
    const routes = await waitFor('all routes', () => {
      const all = dom.document.querySelectorAll('[data-testid="route"]');
      return all.length > 1 && all;
    });
    expect(routes.length).toBe(2);
    expect(routes[0]?.textContent).toMatch(/best return/);
    expect(routes[1]?.textContent).toMatch(/fastest/);
    expect(dom.document.querySelector('[data-testid="refresh-countdown"]')?.textContent).toMatch(/Refreshing in 30 s/);
    expect(dom.document.querySelector('[data-testid="send-hint"]')?.textContent).toBe('Connect a wallet to send.');
    expect((dom.document.querySelector('[data-testid="send"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the main button (rendered)', () => {
  it('says Bridge for two chains before any route arrives and while the service is down, Swap on one chain', async () => {
    const { store, deps } = await mount();
    deps.api.getRoutes = async () => {
      throw new Error('down');
    };
    const send = () => dom.document.querySelector('[data-testid="send"]')?.textContent;
    expect(send()).toBe('Bridge');
    store.getState().setAmountText('1.5');
    await waitFor('the route request failed', () => store.getState().routesStatus === 'error');
    await waitFor('the failure rendered', () => byTestId('routes-retry'));
    expect(store.getState().routes).toEqual([]);
    expect(send()).toBe('Bridge');
    store.getState().setToChain(1);
    await waitFor('the button for one chain', () => send() === 'Swap');
  });
});

describe('the form while a transfer is sent (rendered)', () => {
  /** The popup opened while the stored transfer waits for the wallet's signature: it follows it. */
  async function mountFollowing(record: ExecutionRecord) {
    const deps = fakeDeps({ api: fakeApi({ getTransfers: vi.fn(async () => toWire([record])) }) });
    const store = createPopupStore(deps);
    await store.getState().loadCatalog();
    store.getState().setFromToken(USDC_ETH);
    store.getState().setToToken(USDC_OP);
    store.getState().followExecutions();
    await waitFor('the stored transfer followed', () => store.getState().executionId === 'e1');
    render(
      <PopupContext.Provider value={{ store, api: deps.api }}>
        <TransferForm />
      </PopupContext.Provider>,
      dom.root,
    );
    return store;
  }
  const signing: ExecutionRecord = {
    id: 'e1',
    createdAt: 1,
    updatedAt: 1,
    sends: [],
    execution: makeExecution({ stage: 'signing' }),
  };
  const summary = () => dom.document.querySelector('[data-testid="sending-summary"]')?.textContent;

  it('says what is being sent in place of the empty amount field, then gives the empty field back', async () => {
    const store = await mountFollowing(signing);
    // Its chunk loads with the progress's.
    await waitFor('the summary of what is sent', () => summary());
    expect(summary()).toBe('Sending 1.5 USDC from Ethereum to Optimism, received as USDC');
    expect(amountField()).toBeNull();
    // Sent: the progress stays, and so does what was sent, said as sent.
    store.getState().applyExecutions([{ ...signing, execution: { ...signing.execution, phase: 'sent' } }]);
    await waitFor('the summary said as sent', () => summary()?.startsWith('Sent '));
    expect(summary()).toBe('Sent 1.5 USDC from Ethereum to Optimism, received as USDC');
    // New transfer: the amount stays forgotten (e2e/afterSending.test.ts), the field is back, empty.
    store.getState().resetExecution();
    await waitFor('the amount field back', () => amountField());
    expect(summary()).toBeUndefined();
    expect(amountField()?.value).toBe('');
  });
});
