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
    // Files and the tests in each in a new order every run: every test here gives itself the team it needs (see
    // useFreshTeam in test/gateway/harness.ts: the database put back as it opened, members added afresh), so it
    // passes alone and in any order, and shuffling keeps it so: a test that came to lean on one before it fails
    // some run here rather than only when run alone (as mutation testing does, vitest.gateway-mutate.config.ts).
    // The seed is printed at the start ("Running tests with seed …"); replay a failing order with
    // `npx vitest run --config vitest.gateway.config.ts --sequence.shuffle --sequence.seed=<seed>`.
    sequence: { shuffle: true },
    restoreMocks: true,
    // Real HTTP, real PostgreSQL, real child processes, on a loaded 2-core machine.
    testTimeout: 60_000,
    // A gateway process starting on a machine at load 20 has been seen to take a minute.
    hookTimeout: 240_000,
  },
});
