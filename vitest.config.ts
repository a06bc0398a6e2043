import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/conformance/**/*.test.ts'],
    setupFiles: ['test/unit/fresh-db.ts', 'test/unit/loaded-machine.ts'],
    restoreMocks: true,
    // Threads, not forks: the 117 files start and import faster (on these machines 96 s against 125 s, and ~25 s
    // less CPU, which the browsers lane running beside it gets).
    pool: 'threads',
    // Conformance tests run the real simulator over HTTP and build its dataset: on a loaded 2-core machine that can
    // take several seconds, which is not a failure (performance figures belong to `npm run bench`).
    testTimeout: 20_000,
    // `expect.poll` gives up after 1 s by default; the unit lane shares two cores with the journeys (see
    // test/unit/loaded-machine.ts for `vi.waitFor`).
    expect: { poll: { timeout: 5_000 } },
  },
});
