import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Unit and HTTP-level tests: node + WXT's fake browser. Browser (Playwright) tests live in e2e/ and have their own config.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // The English message catalog behind `i18n.t` (the fake browser has no i18n of its own).
    setupFiles: ['./testing/i18n.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'devtools/**/*.test.ts',
      'testing/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
