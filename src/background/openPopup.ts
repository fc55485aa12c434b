import { browser } from 'wxt/browser';
import { toolbarAction } from './toolbarAction';

/**
 * Opens the popup where Chrome allows it without a toolbar click, else popup.html in a new tab. That tab is told which
 * tab it was opened for (`?tabId=`), so it asks that page's wallet rather than its own, which has none.
 */
export async function openPopupOrTab(fromTabId?: number): Promise<void> {
  try {
    // Firefox refuses it when extensions.openPopupWithoutUserGesture.enabled is off: the tab is the way there.
    await toolbarAction().openPopup();
  } catch {
    const query = fromTabId === undefined ? '' : `?tabId=${fromTabId}`;
    await browser.tabs.create({ url: browser.runtime.getURL(`/popup.html${query}`), active: true });
  }
}
