import { defineConfig } from 'vitest/config';

/**
 * The team gateway's tests (`npm run test:gateway`): on PGlite, and on a throwaway PostgreSQL cluster started once
 * for the run (test/gateway/global-setup.ts). Forks, not threads: the tests start gateway processes and PGlite.
 */
export default defineConfig({
  test: {
    include: ['test/gateway/**/*.test.ts'],
    globalSetup: ['test/gateway/global-setup.ts'],
    pool: 'forks',
    // Most of a gateway test's time is spent waiting (simulated latency, child processes starting): two files at
    // once use a 2-core machine better than one.
    maxWorkers: 2,
    // Files and tests in the order written, not shuffled: several files outside the mutation set
    // (vitest.gateway-mutate.config.ts, which does shuffle and so keeps each of its tests passing alone) still tell a
    // story from test to test: admin-console, admin-sign-in, cli, pglite-query, postgres and retention fail shuffled
    // (--sequence.shuffle --sequence.seed=21), forget's tests follow one erasure. A file brought into the mutation
    // set has to pass shuffled there first.
    sequence: { shuffle: false },
    restoreMocks: true,
    // Real HTTP, real PostgreSQL, real child processes, on a loaded 2-core machine.
    testTimeout: 60_000,
    // A gateway process starting on a machine at load 20 has been seen to take a minute.
    hookTimeout: 240_000,
  },
});
