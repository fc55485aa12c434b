import { describe, expect, it } from 'vitest';
import { whyTabCannotHostWallet } from './tabSupport';

describe('whyTabCannotHostWallet', () => {
  it('accepts websites, including loopback', () => {
    expect(whyTabCannotHostWallet('https://app.example.org/swap')).toBeNull();
    expect(whyTabCannotHostWallet('http://127.0.0.1:5173/')).toBeNull();
  });
  it('explains browser, extension and store pages', () => {
    expect(whyTabCannotHostWallet('chrome://newtab/')).toMatch(/Browser pages cannot reach your wallet/);
    expect(whyTabCannotHostWallet('about:blank')).toMatch(/Browser pages/);
    expect(whyTabCannotHostWallet('chrome-extension://abc/popup.html')).toMatch(/Extension pages/);
    expect(whyTabCannotHostWallet('https://chromewebstore.google.com/detail/x')).toMatch(/extension store/);
    expect(whyTabCannotHostWallet('file:///tmp/a.html')).toMatch(/Local files/);
    expect(whyTabCannotHostWallet(undefined)).toMatch(/cannot see this tab/);
    expect(whyTabCannotHostWallet('not a url')).toMatch(/no web page/);
  });
});
