/**
 * Whether a tab can host a page wallet. Browser pages, extension pages and the web store never run page scripts
 * (and extensions may not inject there), so the popup says so before trying.
 */
export function whyTabCannotHostWallet(url: string | undefined): string | null {
  if (!url)
    return 'The extension cannot see this tab. Open a website where your wallet is available, then reopen this popup.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This tab has no web page. Open a website where your wallet is available, then reopen this popup.';
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
    return 'Browser pages cannot reach your wallet. Open any website (for example your usual dapp) in this tab, then reopen this popup.';
  }
  if (protocol === 'chrome-extension:' || protocol === 'moz-extension:' || protocol === 'extension:') {
    return 'Extension pages cannot reach your wallet. Switch to a website tab, then reopen this popup.';
  }
  if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') {
    return 'Local files cannot reach your wallet. Open a website in this tab, then reopen this popup.';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    return 'This tab cannot reach your wallet. Open a website in this tab, then reopen this popup.';
  }
  if (
    parsed.hostname === 'chromewebstore.google.com' ||
    (parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) ||
    parsed.hostname === 'addons.mozilla.org'
  ) {
    return 'The extension store does not allow wallets to connect. Switch to another website, then reopen this popup.';
  }
  return null;
}
