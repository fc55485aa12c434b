import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { ACCOUNT, fakeDeps } from '../../../testing/popup/fixtures';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { WalletBar } from './WalletBar';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function mountConnected() {
  const deps = fakeDeps();
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  await store.getState().connectWallet();
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <WalletBar />
    </PopupContext.Provider>,
    dom.root,
  );
  await waitFor('the connected account', () => query('copy-address'));
  return store;
}

const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;

describe('wallet bar (rendered)', () => {
  it('copies the whole address when the short one is clicked, and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await mountConnected();
    expect(query('copy-address')?.textContent).toBe('0xf39f…2266');
    query('copy-address')!.click();
    await waitFor('the copy said', () => query('copy-state')?.textContent);
    expect(writeText).toHaveBeenCalledWith(ACCOUNT.toLowerCase());
    expect(query('copy-state')?.textContent).toBe('Copied');
  });

  it('says the browser refused the clipboard, and keeps saying it past the moment "Copied" would show', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    await mountConnected();
    // The clock "Copied" would go by is moved by the test: past it means past it, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    query('copy-address')!.click();
    await vi.advanceTimersByTimeAsync(100);
    expect(query('copy-state')?.textContent).toBe('Could not copy');
    await vi.advanceTimersByTimeAsync(1_700);
    expect(query('copy-state')?.textContent).toBe('Could not copy');
  });

  it('offers Switch account and Disconnect; Disconnect brings back Connect wallet', async () => {
    const store = await mountConnected();
    const labels = [...dom.document.querySelectorAll('.wallet-menu button')].map((b) => b.textContent);
    expect(labels).toEqual(['Switch account', 'Disconnect']);
    query('disconnect')!.click();
    await waitFor('Connect wallet back', () => query('wallet-connected') === null);
    expect(store.getState().walletStatus).toBe('idle');
    expect(query('wallet-connected')).toBeNull();
    expect(dom.document.querySelector('.wallet-bar button')?.textContent).toBe('Connect wallet');
  });
});
