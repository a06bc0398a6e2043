// @ts-check
/**
 * Mutation testing of the code that decides money and "never twice" (`npm run mutate`; docs/testing.md says how to
 * run one file and how to read a survivor). Not part of `npm test`: a whole run takes tens of minutes.
 *
 * Each mutant is tried against only the unit and conformance tests that reached its line (per-test coverage), one
 * at a time by default: the machines that run this are shared 2-core ones.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: [
    'src/ledger/*.ts',
    'src/store/database/ledger/ledger-write.ts',
    'src/background/paid-call-gate.ts',
    'src/background/balance-settlement.ts',
    'src/api/pricing.ts',
    'src/bulk/quote.ts',
    'src/send/outcome.ts',
    'src/store/database/vault/vault-record.ts',
    'src/store/database/vault/vault-write.ts',
    'src/domain/*.ts',
    'src/background/jobs/bulk-reveal.ts',
    'src/background/jobs/bulk-receipt.ts',
    'src/background/jobs/bulk-plan.ts',
    'src/background/jobs/bulk-cut-off.ts',
    'src/background/jobs/bulk-contact.ts',
  ],
  // What the sandbox copy of the project leaves out: builds, reports and the browsers' journeys (vitest never runs
  // them), so each run copies only what the unit tests read.
  ignorePatterns: [
    '.output',
    'reports',
    'screenshots',
    'test-results',
    'playwright-report',
    '.gateway-data',
    'test/e2e',
    'test/e2e-firefox',
    'test/gateway',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  // A second run re-tries only the mutants whose code or covering tests changed since the last one.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  // A mutant that makes a test wait (a retry loop, a poll) is a timeout, which Stryker counts as killed; the
  // unit lane's own timeouts are long (a loaded machine), so give each mutant room before calling it hung.
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  thresholds: { high: 95, low: 90, break: null },
};
