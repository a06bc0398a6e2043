import { defineConfig } from 'vitest/config';

/**
 * The Firefox end-to-end stage (`npm run test:e2e:firefox`): each test starts its own Firefox, so they run one at a
 * time in one worker, like Playwright's Chromium stage on these two cores.
 */
export default defineConfig({
  test: {
    include: ['test/e2e-firefox/**/*.test.ts'],
    globalSetup: ['test/e2e-firefox/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    retry: 0,
  },
});
