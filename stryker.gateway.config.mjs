// @ts-check
/**
 * Mutation testing of the team gateway's money and never-twice code, against the gateway's own tests
 * (`vitest.gateway.config.ts`: PGlite, and the PostgreSQL cluster its global setup starts):
 * `npm run mutate -- stryker.gateway.config.mjs --mutate gateway/sends.ts`. Only tests that run the gateway in their
 * own process can kill a mutant: Stryker switches a mutant on in the test process alone, so the gateway processes
 * `test/gateway/processes.ts` starts (the races, the two-instance caps) run the code unmutated. docs/testing.md says
 * how to read a survivor.
 */
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.gateway.config.ts', related: true },
  mutate: ['gateway/sends.ts', 'gateway/server/lookup.ts'],
  // The gateway's tests are what this run needs; the browsers' journeys still stay out.
  ignorePatterns: (base.ignorePatterns ?? []).filter((pattern) => pattern !== 'test/gateway'),
  incrementalFile: 'reports/stryker-gateway-incremental.json',
  htmlReporter: { fileName: 'reports/mutation-gateway/index.html' },
  jsonReporter: { fileName: 'reports/mutation-gateway/mutation.json' },
  // A gateway test starts a database and a simulator: give each mutant's run the room the gateway lane gives.
  timeoutMS: 60_000,
  // The first run of every gateway test that reaches the file (each on PGlite and PostgreSQL), in one thread: past
  // Stryker's default 5 minutes on a loaded 2-core machine.
  dryRunTimeoutMinutes: 30,
};
