import { browser } from 'wxt/browser';

type AccessLevelArea = { setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void> };

/**
 * Keeps `storage.local` (the settings with the API key, transfers, caches) to the extension's own pages and worker.
 * Chrome lets every content script read it by default; our content scripts never need it (they ask the background),
 * so a content-script world that is ever subverted still cannot read the key. Chrome keeps the level across restarts;
 * setting it at every start costs nothing and covers the first start after install.
 *
 * Firefox supports the call for `storage.session` only (it rejects it for `local`, and its content scripts can read
 * `storage.local`): there the key stays behind the isolated world alone. The rejection is logged, never fatal.
 */
export function restrictLocalStorage(): Promise<void> {
  const local = browser.storage.local as unknown as AccessLevelArea;
  // Absent in browsers without access levels (and in the unit tests' fake browser): nothing to restrict with.
  if (typeof local.setAccessLevel !== 'function') return Promise.resolve();
  // Through then(): a stand-in that throws synchronously is reported like a rejection.
  return Promise.resolve()
    .then(() => local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }))
    .catch((err: unknown) => console.warn('[background] could not restrict storage.local to the extension', err));
}
