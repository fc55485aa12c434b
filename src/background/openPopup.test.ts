import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openPopupOrTab } from './openPopup';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('openPopupOrTab', () => {
  it('opens the toolbar popup where the browser allows it', async () => {
    const openPopup = vi.spyOn(browser.action, 'openPopup').mockResolvedValue(undefined);
    const create = vi.spyOn(browser.tabs, 'create');
    await openPopupOrTab(12);
    expect(openPopup).toHaveBeenCalledOnce();
    expect(create).not.toHaveBeenCalled();
  });

  it('opens popup.html in a tab for the card’s tab where it does not, so that page’s wallet is the one asked', async () => {
    vi.spyOn(browser.action, 'openPopup').mockRejectedValue(new Error('openPopup requires a user gesture'));
    const create = vi.spyOn(browser.tabs, 'create');
    await openPopupOrTab(12);
    expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/\/popup\.html\?tabId=12$/), active: true });
  });
});
