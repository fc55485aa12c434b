import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { KNOWN_EXPLORER_MATCHES } from './src/explorers/knownExplorers';
import { DETECTOR_SCRIPT_FILE } from './src/explorers/scriptFiles';

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
    },
  }),
  manifest: ({ browser }) => ({
    name: 'Bridge Companion',
    description: 'Bridge and swap tokens across chains from the toolbar, with inline quotes on block explorers.',
    permissions: ['storage', 'unlimitedStorage', 'alarms', 'notifications', 'scripting', 'activeTab', 'tabs'],
    // Loopback (the default reference service) and the well-known explorers, where the background injects the card
    // (scripting.executeScript); same install warning as the content-script matches those hosts had before. Other
    // API hosts and catalog explorers are asked for at run time.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', ...KNOWN_EXPLORER_MATCHES],
    // The tiny explorer detector (entrypoints/explorer-detector.ts): an unlisted script declared here, so WXT does not
    // wrap it in its content-script context. The card bundle is injected only into token pages.
    content_scripts: [{ matches: KNOWN_EXPLORER_MATCHES, js: [DETECTOR_SCRIPT_FILE], run_at: 'document_idle' }],
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
