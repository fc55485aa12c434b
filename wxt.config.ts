import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { KNOWN_EXPLORER_MATCHES } from './src/explorerCard/sites/knownExplorers';
import { LOOPBACK_MATCHES, STORE_API_MATCHES } from './src/lib/buildHosts';

// Store builds (BRIDGE_STORE_BUILD=1, what `npm run zip` packs for the Chrome Web Store and addons.mozilla.org) ask
// for less than development builds: no loopback host permissions, a CSP that keeps remote images to https, LI.FI as
// the default service, and no devnet defaults (src/chains/trustedRpc.ts). e2e/firefox/storePackages.test.ts checks the result.
const STORE_BUILD = process.env.BRIDGE_STORE_BUILD === '1';

// The API base URL is baked in at build time (BRIDGE_API_URL) and can be changed in the popup's settings.
// Development builds default to the local reference service, store builds to LI.FI's public API.
const DEFAULT_API_URL = STORE_BUILD ? 'https://li.quest' : 'http://127.0.0.1:8787';

// Extension pages load scripts only from the package (as the browsers' default CSP does) and images only from the
// package, https or data: URLs: token logos come from the service as https URLs, and an http: logo would let any
// network on the way swap the picture the person goes by.
const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'self'; img-src 'self' https: data:";

/**
 * @solana-program/token and /system test `process.env["NODE_ENV"]`, in brackets, which Vite's define (dot notation)
 * leaves as it is; no extension context has `process`, and Firefox's background page stopped at that ReferenceError.
 */
const nodeEnvInBrackets = {
  name: 'bridge-node-env-in-brackets',
  transform(code: string) {
    return code.includes('process.env["NODE_ENV"]') ? code.replaceAll('process.env["NODE_ENV"]', '"production"') : null;
  },
};

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  publicDir: 'public',
  // `npm start` builds its own copy (pointed at the service it starts) without touching the test build; store builds
  // go to .output/store so `npm run zip` never replaces the development build the browser tests load.
  outDir: process.env.BRIDGE_OUT_DIR ?? (STORE_BUILD ? '.output/store' : '.output'),
  zip: {
    // The sources addons.mozilla.org asks for: what the extension is built from, with the lockfile, and how to build
    // it (README.md, "Store packages"; docs/firefox-and-stores.md). The service, devnet, tests and benchmarks are not
    // part of the extension, nor are the README's pictures.
    includeSources: [
      'entrypoints/**',
      'src/**',
      'public/**',
      'locales/**',
      'docs/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
    ],
    excludeSources: ['**/*.test.ts', '**/*.test.tsx', 'docs/images/**'],
  },
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  vite: () => ({
    plugins: [preact(), nodeEnvInBrackets],
    build: {
      // Vite's preload helper reads `document` before a dynamic import with dependencies, and the background is a
      // service worker without one: viem imports its off-chain lookup code that way when a contract call reverts, so
      // a revert read in the background came out as the RPC refusing the request. Extension pages load their chunks
      // from the package, where preloading gains next to nothing.
      modulePreload: false,
    },
    resolve: {
      alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    },
    define: {
      'import.meta.env.BRIDGE_API_URL': JSON.stringify(process.env.BRIDGE_API_URL ?? DEFAULT_API_URL),
      'import.meta.env.BRIDGE_STORE_BUILD': JSON.stringify(STORE_BUILD),
      // Where development builds ask the devnet's Relay API for an order (store builds: Relay's own, always).
      'import.meta.env.BRIDGE_RELAY_API_URL': JSON.stringify(
        STORE_BUILD ? '' : (process.env.BRIDGE_RELAY_API_URL ?? ''),
      ),
      // Only the Firefox tests' own build sets it (WebDriver BiDi cannot reach a closed shadow root from the
      // extension's world, as Chromium's CDP can); never a store build.
      'import.meta.env.BRIDGE_CARD_OPEN_ROOT': JSON.stringify(
        process.env.BRIDGE_CARD_OPEN_ROOT === '1' && !STORE_BUILD,
      ),
    },
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extension_name__',
    // User-facing text lives in one message catalog per locale (locales/*.yml, read with `i18n.t` from '#i18n').
    default_locale: 'en',
    description: '__MSG_extension_description__',
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
    // The default service (loopback in development, LI.FI in store builds) and the well-known explorers, where the
    // background injects the card (scripting.executeScript). Other API hosts and catalog explorers are asked for at
    // run time.
    host_permissions: [...(STORE_BUILD ? STORE_API_MATCHES : LOOPBACK_MATCHES), ...KNOWN_EXPLORER_MATCHES],
    ...(STORE_BUILD
      ? {
          content_security_policy:
            browser === 'firefox' ? EXTENSION_PAGES_CSP : { extension_pages: EXTENSION_PAGES_CSP },
        }
      : {}),
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: '__MSG_extension_name__' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'bridge-companion@example.org',
              // 140 (an ESR) is the first Firefox that shows the data consent below at install.
              strict_min_version: '140.0',
              // What leaves the browser (docs/privacy.md): the wallet address, tokens and amounts of a transfer go
              // to the routing service the person chose, and an explorer token page's token address goes there for
              // the inline quote.
              data_collection_permissions: { required: ['financialAndPaymentInfo', 'websiteActivity'] },
            },
            // Firefox for Android shows that consent from 142.
            gecko_android: { strict_min_version: '142.0' },
          },
          // Firefox's MV2 build has no optional_host_permissions (WXT drops it): there, optional origins are
          // optional_permissions, requested the same way (permissions.request({ origins })).
          optional_permissions: ['https://*/*', 'http://*/*'],
        }
      : {}),
  }),
});
