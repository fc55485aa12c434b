import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LEGACY_EXPLORER_SCRIPT_ID, removeLegacyExplorerScript } from './legacyScript';

/** fakeBrowser has no scripting registry: a stand-in where unregistering an unknown id fails, as in Chrome. */
function installRegistry(ids: string[]) {
  const registered = new Set(ids);
  Object.assign(fakeBrowser.scripting, {
    getRegisteredContentScripts: async (filter: { ids: string[] }) =>
      filter.ids.filter((id) => registered.has(id)).map((id) => ({ id })),
    unregisterContentScripts: async (filter: { ids: string[] }) => {
      for (const id of filter.ids) {
        if (!registered.delete(id)) throw new Error(`Nonexistent script ID '${id}'`);
      }
    },
  });
  return registered;
}

describe('legacy explorer script', () => {
  beforeEach(() => fakeBrowser.reset());

  it("removes an earlier build's persistent registration and leaves other scripts alone", async () => {
    const registered = installRegistry([LEGACY_EXPLORER_SCRIPT_ID, 'something-else']);
    await removeLegacyExplorerScript();
    expect([...registered]).toEqual(['something-else']);
    // Nothing left to remove: no error.
    await removeLegacyExplorerScript();
  });
});
