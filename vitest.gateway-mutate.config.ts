import { defineConfig } from 'vitest/config';

/**
 * The gateway's tests that mutation testing runs (`stryker.gateway.config.mjs`), not a lane of `npm test`: only the
 * files whose tests reach a lookup or a send inside the test (so Stryker's per-test coverage can pick the few tests
 * a mutant needs), on PGlite only (test/gateway/global-setup-pglite.ts). Files that start gateway processes
 * (test/gateway/processes.ts) are left out: a mutant is switched on only inside the test's own process. Every test
 * here must pass alone and in any order (each sets up its own team state): Stryker runs only the tests that reached a
 * mutant, and a test that leans on an earlier one fails alone whatever the mutant, which would count it killed.
 */
export default defineConfig({
  test: {
    include: [
      'test/gateway/lookup-money.test.ts',
      'test/gateway/lookup-answers.test.ts',
      'test/gateway/http-edges.test.ts',
      'test/gateway/sends-money.test.ts',
      'test/gateway/team-send.test.ts',
      'test/gateway/team-vault.test.ts',
      'test/gateway/caps.test.ts',
      'test/gateway/erased-waiter.test.ts',
      'test/gateway/team-send-webhook.test.ts',
      'test/gateway/destinations.test.ts',
      'test/gateway/do-not-contact.test.ts',
    ],
    globalSetup: ['test/gateway/global-setup-pglite.ts'],
    // Files and the tests in each in a new order every run (the seed is printed at the start): Stryker runs only the
    // tests that reached a mutant, so each test must pass alone; a test that leans on one before it fails its dry
    // run here, which stops the run, rather than failing alone later and counting every mutant it reaches as killed.
    sequence: { shuffle: true },
    pool: 'forks',
    maxWorkers: 1,
    restoreMocks: true,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
