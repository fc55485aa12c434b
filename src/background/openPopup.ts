import { browser } from 'wxt/browser';
import { toolbarAction } from './toolbarAction';

/** Opens the popup where Chrome allows it without a toolbar click, else popup.html in a new tab. */
export async function openPopupOrTab(): Promise<void> {
  try {
    // Firefox refuses it when extensions.openPopupWithoutUserGesture.enabled is off: the tab is the way there.
    await toolbarAction().openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html'), active: true });
  }
}
