import { defineConfig } from 'vitest/config';

// Real Chromium with the built extension (Playwright), sharing one devnet: run files one at a time.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
