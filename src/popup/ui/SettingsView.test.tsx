import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeDeps } from '../../../testing/popup/fixtures';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { SettingsView } from './SettingsView';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

async function mount() {
  const deps = fakeDeps();
  const store = createPopupStore(deps);
  await store.getState().loadSettings();
  // Past Preact's effects (scheduled after a frame), which copy the loaded settings into the draft: act runs them.
  await act(() => {
    render(
      <PopupContext.Provider value={{ store, api: deps.api }}>
        <SettingsView />
      </PopupContext.Provider>,
      dom.root,
    );
  });
  await waitFor('the settings form', () => query('settings-slippage'));
  return { store, deps };
}

const event = (type: string) => {
  const e = dom.document.createEvent('Event');
  e.initEvent(type, true, true);
  return e;
};
const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`);

async function typeSlippage(percent: string) {
  const input = query('settings-slippage') as HTMLInputElement;
  input.setAttribute('value', percent);
  Object.defineProperty(input, 'value', { value: percent, configurable: true });
  // The draft as typed, rendered, before anything else happens: act runs the render and effects it schedules.
  await act(() => {
    input.dispatchEvent(event('input'));
  });
}

describe('settings view (rendered)', () => {
  it.each(['51', '60'])('refuses a slippage of %s percent in words and never says it saved', async (percent) => {
    const { deps, store } = await mount();
    // The saved settings are copied into the draft by an effect: act runs it before anything is typed.
    await act(() => store.getState().saveSettings({ notifications: true }));
    expect(await waitFor('the saved message', () => query('settings-message')?.textContent)).toBe('Settings saved.');
    vi.mocked(deps.api.updateSettings).mockClear();

    await typeSlippage(percent);
    expect(query('settings-slippage-problem')?.textContent).toBe('Enter a slippage from 0 to 50 %.');
    query('settings-slippage')?.closest('form')?.dispatchEvent(event('submit'));
    await waitFor('the refusal', () => query('settings-message')?.textContent?.startsWith('Not saved'));
    expect(deps.api.updateSettings).not.toHaveBeenCalled();
    expect(query('settings-message')?.textContent).toBe('Not saved: Enter a slippage from 0 to 50 %.');
    expect(query('settings-message')?.className).toBe('error');
  });

  it('says whether the service saved anew answers, in the line under Save', async () => {
    const { store } = await mount();
    await store.getState().saveSettings({ apiBaseUrl: 'http://127.0.0.1:9999' });
    await waitFor('the chains the service answers', () => query('settings-message')?.textContent?.includes('answers'));
    expect(query('settings-message')?.textContent).toBe('Settings saved. The routing service answers: 2 chains.');
  });

  it('saves an allowed slippage and then says so', async () => {
    const { deps } = await mount();
    await typeSlippage('2');
    query('settings-slippage')?.closest('form')?.dispatchEvent(event('submit'));
    await waitFor('the settings saved', () => query('settings-message')?.textContent);
    expect(deps.api.updateSettings).toHaveBeenCalledWith(expect.objectContaining({ slippage: 0.02 }));
    expect(query('settings-message')?.textContent).toBe('Settings saved.');
  });
});
