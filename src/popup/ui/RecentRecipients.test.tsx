import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { ACCOUNT, fakeDeps, OTHER } from '../../../testing/popup/fixtures';
import { recentRecipientsItem } from '../../storage/recentRecipients';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { RecentRecipients } from './RecentRecipients';

const SOLANA_KEY = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  fakeBrowser.reset();
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

async function mount() {
  await recentRecipientsItem.setValue([
    { address: ACCOUNT, chainType: 'EVM', sentAt: 3 },
    { address: OTHER, chainType: 'EVM', sentAt: 2 },
    { address: SOLANA_KEY, chainType: 'SOLANA', sentAt: 1 },
  ]);
  const deps = fakeDeps({ debounceMs: 0 });
  const store = createPopupStore(deps);
  await store.getState().loadCatalog();
  store.setState({ account: ACCOUNT, toChainId: 10 });
  render(
    <PopupContext.Provider value={{ store, api: deps.api }}>
      <RecentRecipients />
    </PopupContext.Provider>,
    dom.root,
  );
  return store;
}

const offered = () =>
  [...dom.document.querySelectorAll('[data-testid="recent-recipient"]')].map((b) => b.getAttribute('title'));

describe('recent recipients', () => {
  it("offers those of the destination's kind of chain, never the connected account, while the field is empty", async () => {
    const store = await mount();
    await waitFor('the recipients offered', () => offered().length > 0);
    expect(offered()).toEqual([OTHER]);
    store.getState().setRecipientText('0x1');
    await waitFor('the offer gone while the field is typed in', () => offered().length === 0);
  });

  it('fills the field with one, and forgets one with ×', async () => {
    const store = await mount();
    await waitFor('the recipients offered', () => offered().length > 0);
    expect(offered()).toEqual([OTHER]);
    (dom.document.querySelector('[data-testid="recent-recipient"]') as HTMLButtonElement).click();
    expect(store.getState().recipientText).toBe(OTHER);
    store.getState().setRecipientText('');
    await waitFor('the offer back', () => offered().length > 0);
    (dom.document.querySelector('[data-testid="recent-recipient-remove"]') as HTMLButtonElement).click();
    // The offer follows storage (its watch): gone from it means written there.
    await waitFor('the forgotten recipient gone from the offer', () => offered().length === 0);
    expect((await recentRecipientsItem.getValue()).map((r) => r.address)).toEqual([ACCOUNT, SOLANA_KEY]);
  });
});
