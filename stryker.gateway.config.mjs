// @ts-check
/**
 * Mutation testing of the team gateway's money and never-twice code, against the gateway tests that reach it inside
 * a test (`vitest.gateway-mutate.config.ts`: a chosen set of files, on PGlite only):
 * `npx stryker run stryker.gateway.config.mjs --concurrency 1 --mutate gateway/sends.ts:218-320`. Only tests that
 * run the gateway in their own process can kill a mutant: Stryker switches a mutant on in the test process alone, so
 * the gateway processes `test/gateway/processes.ts` starts (the races, the two-instance caps) run the code unmutated
 * and their files are not in that set. docs/testing.md says how to read a survivor.
 */
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.gateway-mutate.config.ts', related: true },
  mutate: ['gateway/sends.ts', 'gateway/server/lookup.ts'],
  // The gateway's tests are what this run needs; the browsers' journeys still stay out.
  ignorePatterns: (base.ignorePatterns ?? []).filter((pattern) => pattern !== 'test/gateway'),
  incrementalFile: 'reports/stryker-gateway-incremental.json',
  htmlReporter: { fileName: 'reports/mutation-gateway/index.html' },
  jsonReporter: { fileName: 'reports/mutation-gateway/mutation.json' },
  // A gateway test starts a database and a simulator: give each mutant's run the room the gateway lane gives.
  timeoutMS: 60_000,
  // The first run of every test in that set, in one thread: about 3 minutes at a load of 11 on a shared 2-core
  // machine, past Stryker's default 5 minutes when the load doubles.
  dryRunTimeoutMinutes: 20,
};
