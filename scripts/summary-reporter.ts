import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `unit: N passed, N failed, N skipped`, that CI reads whatever runner it knows.
 * The label comes from SUMMARY_LABEL (set per suite in package.json).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load counts as a failure even though it has no tests.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const label = process.env.SUMMARY_LABEL ?? 'tests';
    console.log(`\n${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
