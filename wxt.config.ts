import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

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
    // Loopback only: the default reference service. Other API hosts and explorer hosts are asked for at run time.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Bridge Companion' },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'bridge-companion@example.org', strict_min_version: '121.0' } } }
      : {}),
  }),
});
