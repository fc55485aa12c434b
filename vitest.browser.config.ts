import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Real Chromium with the built extension (Playwright), sharing one devnet: run files one at a time. The tests that
// run the signing flow in node (e2e/attack.test.ts) import extension modules, which read their words from the
// message catalog: WXT's fake browser and the English catalog serve them there, as in the unit tests.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    setupFiles: ['./testing/i18n.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
