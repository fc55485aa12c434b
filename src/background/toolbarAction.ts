import { browser } from 'wxt/browser';

/**
 * The toolbar button's API: `action` in Chrome's MV3 build, `browserAction` in Firefox's MV2 build (where `action`
 * does not exist, and calling it stopped every transfer from being recorded: e2e/firefox/ caught it).
 */
export function toolbarAction(): typeof browser.action {
  return browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
}
