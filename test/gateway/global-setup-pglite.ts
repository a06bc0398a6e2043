/**
 * Once per mutation-testing run of the gateway (`vitest.gateway-mutate.config.ts`): the migrated PGlite folder each
 * test file copies, and no PostgreSQL cluster, so the tests that run on both databases (`DATABASES` in harness.ts)
 * run on PGlite alone. The code Stryker mutates there (`gateway/server/lookup.ts`, `gateway/sends.ts`) is the same
 * TypeScript whichever database answers its queries; the PostgreSQL lane of `npm run test:gateway` checks the SQL.
 */
import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from './global-setup';

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('pgUrl', null);
}
