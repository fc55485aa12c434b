import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { KNOWN_EXPLORER_MATCHES } from './src/explorerCard/sites/knownExplorers';

// The API base URL is baked in at build time (BRIDGE_API_URL) and can be changed in the popup's settings.
// Development builds default to the local reference service.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  // `npm start` builds its own copy (pointed at the service it starts) without touching the test build.
  outDir: process.env.BRIDGE_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [preact()],
    resolve: {
      alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    },
    define: {
      'import.meta.env.BRIDGE_API_URL': JSON.stringify(process.env.BRIDGE_API_URL ?? 'http://127.0.0.1:8787'),
      // Store builds (BRIDGE_STORE_BUILD=1, `npm run zip`) carry no devnet defaults and no dev-only code.
      'import.meta.env.BRIDGE_STORE_BUILD': JSON.stringify(process.env.BRIDGE_STORE_BUILD === '1'),
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Bridge Companion',
    description: 'Bridge and swap tokens across chains from the toolbar, with inline quotes on block explorers.',
    // webNavigation tells the background about token pages (src/explorerCard/loader/), so no script of ours runs
    // on any other explorer page. It adds no install warning: "Read your browsing history" already comes with tabs
    // (e2e/extension.test.ts compares the warnings).
    permissions: [
      'storage',
      'unlimitedStorage',
      'alarms',
      'notifications',
      'scripting',
      'activeTab',
      'tabs',
      'webNavigation',
    ],
    // Loopback (the default reference service) and the well-known explorers, where the background injects the card
    // (scripting.executeScript). Other API hosts and catalog explorers are asked for at run time.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', ...KNOWN_EXPLORER_MATCHES],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Bridge Companion' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: { gecko: { id: 'bridge-companion@example.org', strict_min_version: '121.0' } },
          // Firefox's MV2 build has no optional_host_permissions (WXT drops it): there, optional origins are
          // optional_permissions, requested the same way (permissions.request({ origins })).
          optional_permissions: ['https://*/*', 'http://*/*'],
        }
      : {}),
  }),
});
