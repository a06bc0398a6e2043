// @ts-check
/**
 * Mutation testing of the team gateway's money and never-twice code, against the gateway tests that reach it inside
 * a test (`vitest.gateway-mutate.config.ts`: a chosen set of files, on PGlite only). `npm run mutate` runs it after
 * the extension's; `npm run mutate -- --mutate gateway/sends.ts:218-320` runs those lines alone (`scripts/mutate.ts`).
 * Only tests that run the gateway in their own process can kill a mutant: Stryker switches a mutant on in the test
 * process alone, so the gateway processes `test/gateway/processes.ts` starts (the races, the two-instance caps) run
 * the code unmutated and their files are not in that set. docs/testing.md says how to read a survivor.
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
  // A mutant reached only from a `beforeAll` (where each test file starts its team) or as the module loads is static:
  // Stryker would rerun every test of the set for each one. The tests reach a lookup or a send inside the test, so
  // what is left static is ignored (`ignoreStatic`, as `--ignoreStatic` on the command line), and reported as such.
  ignoreStatic: true,
  // A gateway test starts a database and a simulator: give each mutant's run the room the gateway lane gives.
  timeoutMS: 60_000,
  // The first run of every test in that set, in one thread: about 3 minutes at a load of 11 on a shared 2-core
  // machine, past Stryker's default 5 minutes when the load doubles.
  dryRunTimeoutMinutes: 20,
};
