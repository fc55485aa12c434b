import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Loads a bench module that runs the extension's own code in node (`path` from the repository root, e.g.
 * '/bench/benchScenarios.ts'): through Vite with WXT's test plugins, because that code imports WXT's virtual modules
 * (`#imports`, `#i18n`, `wxt/browser`), which plain tsx cannot resolve; and on WXT's fake browser with the English
 * catalog, as vitest's setup gives the unit tests. Close the server when done.
 */
export async function loadWithFakeBrowser<T>(path: string): Promise<{ module: T; server: ViteDevServer }> {
  const root = resolve(import.meta.dirname, '..');
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [await WxtVitest()],
    // The extension-API packages (storage, i18n) run inside Vite too, on the same fake browser as the background:
    // loaded by Node instead, they would read the real, absent one (vitest's WXT setup mocks them the same way).
    resolve: {
      alias: [
        { find: /^@wxt-dev\/browser$/, replacement: resolve(root, 'node_modules/wxt/dist/virtual/mock-browser.mjs') },
      ],
    },
    ssr: { noExternal: [/^@wxt-dev\//] },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
  });
  const { fakeBrowser } = (await server.ssrLoadModule(
    'wxt/testing/fake-browser',
  )) as typeof import('wxt/testing/fake-browser');
  // What vitest's WXT setup file does: the extension APIs are the fake browser.
  Object.assign(globalThis, { chrome: fakeBrowser, browser: fakeBrowser });
  // And its words: the English catalog through the fake browser's i18n, as in the unit tests (testing/i18n.ts).
  await server.ssrLoadModule('/testing/i18n.ts');
  return { module: (await server.ssrLoadModule(path)) as T, server };
}
