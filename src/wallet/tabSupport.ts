import { i18n } from '#i18n';
/**
 * Whether a tab can host a page wallet. Browser pages, extension pages and the web store never run page scripts
 * (and extensions may not inject there), so the popup says so before trying.
 */
export function whyTabCannotHostWallet(url: string | undefined): string | null {
  if (!url) return i18n.t('wallet.tab.unseen');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return i18n.t('wallet.tab.noPage');
  }
  const protocol = parsed.protocol;
  if (
    [
      'chrome:',
      'edge:',
      'brave:',
      'about:',
      'devtools:',
      'view-source:',
      'chrome-search:',
      'chrome-untrusted:',
    ].includes(protocol)
  ) {
    return i18n.t('wallet.tab.browserPage');
  }
  if (protocol === 'chrome-extension:' || protocol === 'moz-extension:' || protocol === 'extension:') {
    return i18n.t('wallet.tab.extensionPage');
  }
  if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') {
    return i18n.t('wallet.tab.localFile');
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    return i18n.t('wallet.tab.other');
  }
  if (
    parsed.hostname === 'chromewebstore.google.com' ||
    (parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) ||
    parsed.hostname === 'addons.mozilla.org'
  ) {
    return i18n.t('wallet.tab.store');
  }
  return null;
}
